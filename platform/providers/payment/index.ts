import type { PaymentsConfig } from "../../config";
import { SandboxPaymentProvider } from "./sandbox";
import type { PayChannel, PaymentProvider } from "./types";

export type PaymentProviders = Record<PayChannel, PaymentProvider>;

/** The provider of each QR channel as configured (PAYMENT_WECHAT, PAYMENT_ALIPAY). */
export function createPaymentProviders(config: PaymentsConfig, now?: () => Date): PaymentProviders {
  const sandbox = (channel: PayChannel) =>
    new SandboxPaymentProvider(channel, { publicUrl: config.publicUrl, secret: config.sandboxSecret, now });
  return {
    wechat: sandbox("wechat"),
    alipay: sandbox("alipay"),
  };
}
