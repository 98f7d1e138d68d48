import type { PaymentsConfig } from "../../config";
import { AlipayProvider } from "./alipay";
import { SandboxPaymentProvider } from "./sandbox";
import type { PayChannel, PaymentProvider } from "./types";
import { WechatPayProvider } from "./wechatpay";

export type PaymentProviders = Record<PayChannel, PaymentProvider>;

/** The provider of each QR channel as configured (PAYMENT_WECHAT, PAYMENT_ALIPAY). */
export function createPaymentProviders(config: PaymentsConfig, now?: () => Date): PaymentProviders {
  const sandbox = (channel: PayChannel) =>
    new SandboxPaymentProvider(channel, { publicUrl: config.publicUrl, secret: config.sandboxSecret, now });
  return {
    wechat:
      config.wechat.provider === "wechatpay"
        ? new WechatPayProvider(config.wechat.wechatpay, { now })
        : sandbox("wechat"),
    alipay: config.alipay.provider === "alipay" ? new AlipayProvider(config.alipay.alipay, { now }) : sandbox("alipay"),
  };
}
