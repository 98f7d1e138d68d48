/**
 * The payment variables of a production configuration (decision 030), with keys
 * generated here: production refuses the sandbox payment providers, so every
 * production fixture carries these. The keys sign nothing that leaves the test.
 */
import { generateKeyPairSync } from "node:crypto";

const pemPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
};

let cached: Record<string, string> | undefined;

/**
 * PUBLIC_URL (https), PAYMENT_WECHAT=wechatpay and PAYMENT_ALIPAY=alipay with their variables, and the personal
 * data keys and WeChat login's official account production also requires.
 */
export function productionPaymentEnv(): Record<string, string> {
  if (cached) return cached;
  const merchant = pemPair();
  const wechatPlatform = pemPair();
  const app = pemPair();
  const alipay = pemPair();
  cached = {
    PUBLIC_URL: "https://gpu.example.cn",
    PAYMENT_WECHAT: "wechatpay",
    WECHATPAY_APP_ID: "wx8888888888888888",
    WECHATPAY_MCH_ID: "1900009191",
    WECHATPAY_SERIAL_NO: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
    WECHATPAY_PRIVATE_KEY: merchant.privateKey,
    WECHATPAY_API_V3_KEY: "0123456789abcdefghijklmnopqrstuv",
    WECHATPAY_PLATFORM_CERT: wechatPlatform.publicKey,
    WECHATPAY_PLATFORM_SERIAL: "PUB_KEY_ID_0114232134912410000000000000",
    WECHATPAY_BASE_URL: "http://127.0.0.1:9",
    PAYMENT_ALIPAY: "alipay",
    ALIPAY_APP_ID: "2021004100000001",
    ALIPAY_PRIVATE_KEY: app.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    ALIPAY_GATEWAY: "http://127.0.0.1:9",
    // Not a payment variable, but every production fixture needs it too (decision 096).
    PERSONAL_DATA_KEYS: `p1:${"ab".repeat(32)}`,
    PERSONAL_DATA_HASH_KEY: "cd".repeat(32),
    // Nor is WeChat login's official account (issue 38 §2): production refuses its sandbox too.
    WECHAT_PROVIDER: "official",
    WECHAT_APP_ID: "wx1234567890abcdef",
    WECHAT_APP_SECRET: "fake-wechat-app-secret-0123456789",
    WECHAT_EVENT_TOKEN: "fake-wechat-event-token",
    WECHAT_API_BASE_URL: "http://127.0.0.1:9",
  };
  return cached;
}
