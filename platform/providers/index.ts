import type { Db } from "../db/client";
import type { PlatformConfig } from "../config";
import { OutboxEmailProvider } from "./email/outbox";
import { SmtpEmailProvider } from "./email/smtp";
import type { EmailProvider } from "./email/types";
import { AliyunSmsProvider } from "./sms/aliyun";
import { OutboxSmsProvider } from "./sms/outbox";
import type { SmsProvider } from "./sms/types";
import { createPaymentProviders, type PaymentProviders } from "./payment";

/** Everything the platform reaches outside itself through. */
export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
  /** QR payments, one provider per channel (WeChat Pay, Alipay). */
  payments: PaymentProviders;
}

/** Each provider as configured (SMS_PROVIDER, EMAIL_PROVIDER); the sandbox ones keep their outbox in the database. */
export function createProviders(
  config: Pick<PlatformConfig, "sms" | "email" | "payments">,
  db: Db,
  now?: () => Date,
): Providers {
  return {
    sms: config.sms.provider === "aliyun" ? new AliyunSmsProvider(config.sms.aliyun) : new OutboxSmsProvider(db),
    email:
      config.email.provider === "smtp"
        ? new SmtpEmailProvider(config.email.smtpUrl, config.email.from)
        : new OutboxEmailProvider(db),
    payments: createPaymentProviders(config.payments, now),
  };
}
