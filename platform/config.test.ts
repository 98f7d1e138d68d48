/** The platform's configuration: one provider variable each, and what production refuses (decision 026). */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { productionIdentityEnv } from "../tests/support/aliyun-identity-env";
import { productionPaymentEnv } from "../tests/support/payment-env";
import { loadPlatformConfig } from "./config";

const ALIYUN = {
  SMS_PROVIDER: "aliyun",
  ALIYUN_ACCESS_KEY_ID: "LTAI5tFakeKeyId4Tests",
  ALIYUN_ACCESS_KEY_SECRET: "fake-secret",
  ALIYUN_SMS_SIGN_NAME: "算力云",
  ALIYUN_SMS_TEMPLATE_CODE: "SMS_154950909",
};
const SMTP = {
  EMAIL_PROVIDER: "smtp",
  SMTP_URL: "smtps://user:pass@smtp.example.com:465",
  MAIL_FROM: "noreply@gpu.example",
};

const PAYMENTS = { ...productionPaymentEnv(), ...productionIdentityEnv() };

const refusal = (env: Record<string, string>) => {
  try {
    loadPlatformConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("outside production", () => {
  it("defaults to the sandbox providers, the sandbox pages and the demo data", () => {
    for (const APP_ENV of [undefined, "development", "test"]) {
      const config = loadPlatformConfig(APP_ENV ? { APP_ENV } : {});
      expect(config).toMatchObject({
        production: false,
        sandbox: true,
        sms: { provider: "sandbox" },
        email: { provider: "sandbox" },
        identity: { provider: "sandbox" },
        wechatLogin: { provider: "sandbox" },
        seedDemo: true,
      });
    }
  });

  it("may use the real providers and keeps the sandbox pages", () => {
    const config = loadPlatformConfig({ ...ALIYUN, ...SMTP });
    expect(config.sandbox).toBe(true);
    expect(config.sms).toMatchObject({ provider: "aliyun", aliyun: { signName: "算力云" } });
    expect(config.email).toEqual({ provider: "smtp", smtpUrl: SMTP.SMTP_URL, from: SMTP.MAIL_FROM });
  });
});

describe("APP_ENV=production", () => {
  it("refuses to start with the providers unset, naming every variable to set", () => {
    const message = refusal({ APP_ENV: "production" });
    for (const name of [
      "SMS_PROVIDER",
      "EMAIL_PROVIDER",
      ...Object.keys(ALIYUN),
      "SMTP_URL",
      "MAIL_FROM",
      "PUBLIC_URL",
      "PAYMENT_WECHAT",
      "WECHATPAY_APP_ID",
      "WECHATPAY_MCH_ID",
      "WECHATPAY_SERIAL_NO",
      "WECHATPAY_PRIVATE_KEY",
      "WECHATPAY_API_V3_KEY",
      "WECHATPAY_PLATFORM_CERT",
      "WECHATPAY_PLATFORM_SERIAL",
      "PAYMENT_ALIPAY",
      "ALIPAY_APP_ID",
      "ALIPAY_PRIVATE_KEY",
      "ALIPAY_PUBLIC_KEY",
      "IDENTITY_PROVIDER",
      "WECHAT_PROVIDER",
      "WECHAT_APP_ID",
      "WECHAT_APP_SECRET",
      "WECHAT_EVENT_TOKEN",
    ])
      expect(message).toContain(name);
  });

  it("refuses the sandbox WeChat login (anyone could play any WeChat user's scan), and says what the official account needs", () => {
    const real = { APP_ENV: "production", ...ALIYUN, ...SMTP, ...PAYMENTS };
    for (const sandbox of [{ WECHAT_PROVIDER: "sandbox" }, { WECHAT_PROVIDER: "" }]) {
      const message = refusal({ ...real, ...sandbox });
      expect(message).toMatch(/^ {2}WECHAT_PROVIDER: APP_ENV=production refuses the sandbox WeChat login/m);
      expect(message).not.toContain("SMS_PROVIDER");
    }
    expect(refusal({ ...real, WECHAT_APP_SECRET: "" })).toMatch(
      /^ {2}WECHAT_APP_SECRET: required when WECHAT_PROVIDER=official$/m,
    );
    expect(loadPlatformConfig(real).wechatLogin).toEqual({
      provider: "official",
      official: {
        appId: PAYMENTS.WECHAT_APP_ID,
        appSecret: PAYMENTS.WECHAT_APP_SECRET,
        eventToken: PAYMENTS.WECHAT_EVENT_TOKEN,
        apiBase: new URL("http://127.0.0.1:9"),
      },
    });
  });

  it("refuses the sandbox identity provider (anyone could pass its face page), and says what Aliyun needs", () => {
    const real = { APP_ENV: "production", ...ALIYUN, ...SMTP, ...PAYMENTS };
    for (const sandbox of [{ IDENTITY_PROVIDER: "sandbox" }, { IDENTITY_PROVIDER: "" }]) {
      const message = refusal({ ...real, ...sandbox });
      expect(message).toMatch(/^ {2}IDENTITY_PROVIDER: APP_ENV=production refuses the sandbox identity provider/m);
      expect(message).toContain("ALIYUN_FACE_SCENE_ID");
      expect(message).not.toContain("SMS_PROVIDER");
    }
  });

  it("refuses sandbox providers set explicitly, each on its own", () => {
    expect(refusal({ APP_ENV: "production", SMS_PROVIDER: "sandbox", ...SMTP })).toMatch(
      /SMS_PROVIDER: APP_ENV=production refuses the sandbox SMS provider/,
    );
    expect(refusal({ APP_ENV: "production", ...ALIYUN, EMAIL_PROVIDER: "sandbox" })).toMatch(
      /EMAIL_PROVIDER: APP_ENV=production refuses the sandbox email provider/,
    );
    expect(refusal({ APP_ENV: "production", ...ALIYUN, EMAIL_PROVIDER: "sandbox" })).not.toContain("SMS_PROVIDER");
  });

  it("refuses the old PROVIDERS=sandbox", () => {
    expect(refusal({ APP_ENV: "production", PROVIDERS: "sandbox" })).toContain("SMS_PROVIDER");
  });

  it("starts with real providers: no sandbox pages, no demo data unless SEED_DEMO=1", () => {
    const config = loadPlatformConfig({ APP_ENV: "production", ...ALIYUN, ...SMTP, ...PAYMENTS });
    expect(config).toMatchObject({ production: true, sandbox: false, seedDemo: false });
    expect(
      loadPlatformConfig({ APP_ENV: "production", ...ALIYUN, ...SMTP, ...PAYMENTS, SEED_DEMO: "1" }).seedDemo,
    ).toBe(true);
  });

  it("refuses a sandbox payment provider for either channel, and a PUBLIC_URL that is not https", () => {
    const real = { APP_ENV: "production", ...ALIYUN, ...SMTP, ...PAYMENTS };
    expect(refusal({ ...real, PAYMENT_WECHAT: "sandbox" })).toMatch(
      /^ {2}PAYMENT_WECHAT: APP_ENV=production refuses the sandbox payment provider/m,
    );
    expect(refusal({ ...real, PAYMENT_ALIPAY: "" })).toMatch(
      /^ {2}PAYMENT_ALIPAY: APP_ENV=production refuses the sandbox payment provider/m,
    );
    expect(refusal({ ...real, PAYMENT_ALIPAY: "sandbox" })).not.toContain("PAYMENT_WECHAT");
    expect(refusal({ ...real, PUBLIC_URL: "http://gpu.example.cn" })).toMatch(/PUBLIC_URL: .*https/);
    expect(refusal({ ...real, PUBLIC_URL: "" })).toMatch(/PUBLIC_URL: .*https/);
  });
});

describe("IDENTITY_PROVIDER=aliyun", () => {
  it("takes the account's keys, the scene and the endpoints (Aliyun's by default)", () => {
    const keys = { ALIYUN_ACCESS_KEY_ID: "LTAI5tFakeKeyId4Tests", ALIYUN_ACCESS_KEY_SECRET: "fake-secret" };
    const config = loadPlatformConfig({ IDENTITY_PROVIDER: "aliyun", ...keys, ALIYUN_FACE_SCENE_ID: "1000000006" });
    expect(config.identity).toEqual({
      provider: "aliyun",
      aliyun: {
        accessKeyId: keys.ALIYUN_ACCESS_KEY_ID,
        accessKeySecret: keys.ALIYUN_ACCESS_KEY_SECRET,
        ocrEndpoint: new URL("https://ocr-api.cn-hangzhou.aliyuncs.com"),
        cloudauthEndpoint: new URL("https://cloudauth.aliyuncs.com"),
        faceSceneId: 1000000006,
      },
    });
    const local = loadPlatformConfig({
      ...productionIdentityEnv(),
      ...keys,
    }).identity;
    expect(local).toMatchObject({ aliyun: { ocrEndpoint: new URL("http://127.0.0.1:9") } });
  });

  it("requires the keys and the scene, a number", () => {
    const message = refusal({ IDENTITY_PROVIDER: "aliyun" });
    for (const name of ["ALIYUN_ACCESS_KEY_ID", "ALIYUN_ACCESS_KEY_SECRET", "ALIYUN_FACE_SCENE_ID"])
      expect(message).toContain(`${name}: required when IDENTITY_PROVIDER=aliyun`);
    expect(refusal({ IDENTITY_PROVIDER: "aliyun", ALIYUN_FACE_SCENE_ID: "scene-1" })).toContain(
      "ALIYUN_FACE_SCENE_ID: must be the scene's number",
    );
    expect(refusal({ IDENTITY_PROVIDER: "tencent" })).toContain("IDENTITY_PROVIDER");
  });
});

describe("the Aliyun and SMTP variables", () => {
  it("are required with their provider", () => {
    const message = refusal({ SMS_PROVIDER: "aliyun", ALIYUN_ACCESS_KEY_ID: "id" });
    expect(message).toContain("ALIYUN_ACCESS_KEY_SECRET: required when SMS_PROVIDER=aliyun");
    expect(message).toContain("ALIYUN_SMS_SIGN_NAME: required when SMS_PROVIDER=aliyun");
    expect(message).toContain("ALIYUN_SMS_TEMPLATE_CODE: required when SMS_PROVIDER=aliyun");
    expect(message).not.toContain("ALIYUN_ACCESS_KEY_ID:");
    expect(refusal({ EMAIL_PROVIDER: "smtp", SMTP_URL: SMTP.SMTP_URL })).toContain(
      "MAIL_FROM: required when EMAIL_PROVIDER=smtp",
    );
  });

  it("validate their values", () => {
    expect(refusal({ ...ALIYUN, ALIYUN_SMS_TEMPLATE_CODE: "154950909" })).toContain("ALIYUN_SMS_TEMPLATE_CODE");
    expect(refusal({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: "not a url" })).toContain("ALIYUN_SMS_ENDPOINT");
    expect(refusal({ ...SMTP, SMTP_URL: "http://smtp.example.com" })).toContain("SMTP_URL");
    expect(refusal({ SMS_PROVIDER: "tencent" })).toMatch(/SMS_PROVIDER: .*'sandbox' \| 'aliyun'/);
    expect(loadPlatformConfig({ SMS_PROVIDER: "", EMAIL_PROVIDER: "" }).sms).toEqual({ provider: "sandbox" });
  });

  it("take one template per purpose, or the shared one, and the endpoint for a local fake", () => {
    const config = loadPlatformConfig({
      ...ALIYUN,
      ALIYUN_SMS_TEMPLATE_CODE_LOGIN: "SMS_2",
      ALIYUN_SMS_TEMPLATE_CODE_RESET_PASSWORD: "SMS_3",
      ALIYUN_SMS_TEMPLATE_CODE_BANK_CARD: "SMS_4",
      ALIYUN_SMS_TEMPLATE_CODE_CHANGE_PHONE: "SMS_5",
      ALIYUN_SMS_TEMPLATE_CODE_WECHAT_UNBIND: "SMS_6",
      ALIYUN_SMS_ENDPOINT: "http://127.0.0.1:3601",
    });
    if (config.sms.provider !== "aliyun") throw new Error("expected aliyun");
    expect(config.sms.aliyun.templateCodes).toEqual({
      register: "SMS_154950909",
      login: "SMS_2",
      company_register: "SMS_154950909",
      unregister: "SMS_154950909",
      reset_password: "SMS_3",
      bank_card: "SMS_4",
      change_phone: "SMS_5",
      wechat_unbind: "SMS_6",
    });
    expect(config.sms.aliyun.noticeTemplateCodes).toEqual({});
    expect(config.sms.aliyun.endpoint.href).toBe("http://127.0.0.1:3601/");
    expect(loadPlatformConfig(ALIYUN).sms).toMatchObject({
      aliyun: { endpoint: new URL("https://dysmsapi.aliyuncs.com") },
    });
  });

  it("take each notice's template when given (work-order replies, GPU free notices)", () => {
    const config = loadPlatformConfig({
      ...ALIYUN,
      ALIYUN_SMS_TEMPLATE_CODE_WORK_ORDER_REPLY: "SMS_4",
      ALIYUN_SMS_TEMPLATE_CODE_GPU_FREE: "SMS_5",
    });
    if (config.sms.provider !== "aliyun") throw new Error("expected aliyun");
    expect(config.sms.aliyun.noticeTemplateCodes).toEqual({ work_order_reply: "SMS_4", gpu_free: "SMS_5" });
    expect(refusal({ ...ALIYUN, ALIYUN_SMS_TEMPLATE_CODE_GPU_FREE: "12345" })).toContain(
      "ALIYUN_SMS_TEMPLATE_CODE_GPU_FREE",
    );
  });

  it("never show a secret in a refusal", () => {
    const message = refusal({ ...ALIYUN, ALIYUN_SMS_SIGN_NAME: "", APP_ENV: "production", ...SMTP, MAIL_FROM: "" });
    expect(message).not.toContain(ALIYUN.ALIYUN_ACCESS_KEY_SECRET);
    expect(message).not.toContain("user:pass");
  });
});

describe("the payment variables", () => {
  const WECHAT = Object.fromEntries(
    Object.entries(PAYMENTS).filter(([name]) => name.startsWith("WECHATPAY_") || name === "PAYMENT_WECHAT"),
  );
  const ALIPAY = Object.fromEntries(
    Object.entries(PAYMENTS).filter(([name]) => name.startsWith("ALIPAY_") || name === "PAYMENT_ALIPAY"),
  );

  it("default to the sandbox outside production, for both channels", () => {
    expect(loadPlatformConfig({}).payments).toMatchObject({
      publicUrl: "http://localhost:3000",
      wechat: { provider: "sandbox" },
      alipay: { provider: "sandbox" },
    });
  });

  it("point QR codes at the port the site runs on when PUBLIC_URL is unset (outside production)", () => {
    expect(loadPlatformConfig({ PORT: "3303" }).payments.publicUrl).toBe("http://localhost:3303");
    expect(loadPlatformConfig({ PORT: "3303", PUBLIC_URL: "http://gpu.test:8080/" }).payments.publicUrl).toBe(
      "http://gpu.test:8080",
    );
    // The standalone platform's PORT is its own, not the site's.
    expect(loadPlatformConfig({ PORT: "3001" }, { sitePortFromEnv: false }).payments.publicUrl).toBe(
      "http://localhost:3000",
    );
    expect(loadPlatformConfig({ PORT: "not a port" }).payments.publicUrl).toBe("http://localhost:3000");
  });

  it("choose the real adapters, with their keys checked and the fake's address", () => {
    const config = loadPlatformConfig({ ...WECHAT, ...ALIPAY, WECHATPAY_BASE_URL: "http://127.0.0.1:3602/ignored" });
    expect(config.payments.wechat).toMatchObject({
      provider: "wechatpay",
      wechatpay: {
        appId: "wx8888888888888888",
        mchId: "1900009191",
        platformSerial: "PUB_KEY_ID_0114232134912410000000000000",
        baseUrl: new URL("http://127.0.0.1:3602"),
        privateKey: expect.stringContaining("-----BEGIN PRIVATE KEY-----"),
        platformCert: expect.stringContaining("-----BEGIN PUBLIC KEY-----"),
      },
    });
    expect(config.payments.alipay).toMatchObject({
      provider: "alipay",
      alipay: { appId: "2021004100000001", gateway: new URL("http://127.0.0.1:9") },
    });
    const defaults = loadPlatformConfig({ ...WECHAT, ...ALIPAY, WECHATPAY_BASE_URL: "", ALIPAY_GATEWAY: "" });
    expect(defaults.payments.wechat).toMatchObject({
      wechatpay: { baseUrl: new URL("https://api.mch.weixin.qq.com") },
    });
    expect(defaults.payments.alipay).toMatchObject({ alipay: { gateway: new URL("https://openapi.alipay.com") } });
  });

  it("are required with their provider, naming each missing one", () => {
    const wechat = refusal({ PAYMENT_WECHAT: "wechatpay", WECHATPAY_APP_ID: "wx1" });
    for (const name of [
      "WECHATPAY_MCH_ID",
      "WECHATPAY_SERIAL_NO",
      "WECHATPAY_API_V3_KEY",
      "WECHATPAY_PRIVATE_KEY (or WECHATPAY_PRIVATE_KEY_FILE)",
      "WECHATPAY_PLATFORM_CERT (or WECHATPAY_PLATFORM_CERT_FILE)",
      "WECHATPAY_PLATFORM_SERIAL",
    ])
      expect(wechat).toContain(`${name}: required when PAYMENT_WECHAT=wechatpay`);
    expect(wechat).not.toContain("WECHATPAY_APP_ID:");
    const alipay = refusal({ PAYMENT_ALIPAY: "alipay" });
    for (const name of ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY (or ALIPAY_PRIVATE_KEY_FILE)", "ALIPAY_PUBLIC_KEY"])
      expect(alipay).toContain(`${name}`);
  });

  it("check the keys and the APIv3 key's length at start-up, never echoing a key", () => {
    const bad = refusal({
      ...WECHAT,
      ...ALIPAY,
      WECHATPAY_PRIVATE_KEY: "not a key",
      ALIPAY_PUBLIC_KEY: "bm90IGEga2V5",
    });
    expect(bad).toContain("WECHATPAY_PRIVATE_KEY: not a PEM private key");
    expect(bad).toContain("ALIPAY_PUBLIC_KEY: not a PEM certificate or public key");
    expect(refusal({ ...WECHAT, WECHATPAY_API_V3_KEY: "short" })).toContain("WECHATPAY_API_V3_KEY");
    const swapped = refusal({ ...WECHAT, WECHATPAY_PRIVATE_KEY: PAYMENTS.WECHATPAY_PLATFORM_CERT! });
    expect(swapped).toContain("WECHATPAY_PRIVATE_KEY: not a PEM private key");
    expect(swapped).not.toContain("BEGIN");
  });

  it("read keys from files (…_FILE), and the bare base64 of Alipay's key tool", () => {
    const dir = mkdtempSync(join(tmpdir(), "pay-keys-"));
    writeFileSync(join(dir, "apiclient_key.pem"), PAYMENTS.WECHATPAY_PRIVATE_KEY!);
    writeFileSync(join(dir, "platform.pem"), PAYMENTS.WECHATPAY_PLATFORM_CERT!);
    const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    const config = loadPlatformConfig({
      ...WECHAT,
      WECHATPAY_PRIVATE_KEY: "",
      WECHATPAY_PRIVATE_KEY_FILE: join(dir, "apiclient_key.pem"),
      WECHATPAY_PLATFORM_CERT: "",
      WECHATPAY_PLATFORM_CERT_FILE: join(dir, "platform.pem"),
      ...ALIPAY,
      ALIPAY_PRIVATE_KEY: bare(PAYMENTS.ALIPAY_PRIVATE_KEY!),
      ALIPAY_PUBLIC_KEY: bare(PAYMENTS.ALIPAY_PUBLIC_KEY!),
    });
    expect(config.payments.wechat).toMatchObject({
      wechatpay: { privateKey: PAYMENTS.WECHATPAY_PRIVATE_KEY, platformCert: PAYMENTS.WECHATPAY_PLATFORM_CERT },
    });
    expect(config.payments.alipay).toMatchObject({
      alipay: { privateKey: PAYMENTS.ALIPAY_PRIVATE_KEY, alipayPublicKey: PAYMENTS.ALIPAY_PUBLIC_KEY },
    });
    expect(
      refusal({ ...WECHAT, WECHATPAY_PRIVATE_KEY: "", WECHATPAY_PRIVATE_KEY_FILE: join(dir, "missing.pem") }),
    ).toContain(`WECHATPAY_PRIVATE_KEY_FILE: cannot read ${join(dir, "missing.pem")} (ENOENT)`);
  });
});

describe("the Dockerfile's production image", () => {
  it("sets no provider: the deployment's configuration does", () => {
    const dockerfile = readFileSync(new URL("../Dockerfile", import.meta.url), "utf8");
    const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
    const env = runtime.slice(runtime.indexOf("ENV "), runtime.indexOf("WORKDIR"));
    expect(env).toContain("APP_ENV=production");
    expect(env).not.toMatch(/PROVIDER/);
  });
});

describe("INSTANCE_RETENTION_DAYS", () => {
  it("keeps stopped instances 15 days unless set, and takes whole days from 1 to 365", () => {
    expect(loadPlatformConfig({}).instanceRetentionDays).toBe(15);
    expect(loadPlatformConfig({ INSTANCE_RETENTION_DAYS: "" }).instanceRetentionDays).toBe(15);
    expect(loadPlatformConfig({ INSTANCE_RETENTION_DAYS: "7" }).instanceRetentionDays).toBe(7);
    for (const bad of ["0", "366", "1.5", "two"])
      expect(refusal({ INSTANCE_RETENTION_DAYS: bad })).toContain("INSTANCE_RETENTION_DAYS");
  });
});

describe("BILLING_SETTLEMENT_PARTITIONS", () => {
  it("is left to the database unless set, and takes whole numbers from 1 to 16", () => {
    expect(loadPlatformConfig({}).settlementPartitions).toBeUndefined();
    expect(loadPlatformConfig({ BILLING_SETTLEMENT_PARTITIONS: "" }).settlementPartitions).toBeUndefined();
    expect(loadPlatformConfig({ BILLING_SETTLEMENT_PARTITIONS: "4" }).settlementPartitions).toBe(4);
    for (const bad of ["0", "17", "1.5", "two"])
      expect(refusal({ BILLING_SETTLEMENT_PARTITIONS: bad })).toContain("BILLING_SETTLEMENT_PARTITIONS");
  });
});
