import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "../db/client";
import type { PlatformConfig } from "../config";
import { guardProviders } from "./guard";
import { OutboxEmailProvider } from "./email/outbox";
import { SmtpEmailProvider } from "./email/smtp";
import type { EmailProvider } from "./email/types";
import { SimulatedComputeProvider } from "./compute/simulated";
import type { ComputeProvider } from "./compute/types";
import { deferredSmsProvider } from "./sms/deferred";
import { OutboxSmsProvider } from "./sms/outbox";
import type { SmsProvider } from "./sms/types";
import { createPaymentProviders, type PaymentProviders } from "./payment";
import { FilesystemStorageProvider } from "./storage/filesystem";
import type { StorageProvider } from "./storage/types";
import { createIdentityProviders } from "./identity";
import { SandboxBankCardProvider } from "./identity/sandbox-bank-card";
import type { IdentityProviders } from "./identity/types";
import { createWechatProvider } from "./wechat";
import type { WechatProvider } from "./wechat/types";

/** Everything the platform reaches outside itself through. */
export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
  /** QR payments, one provider per channel (WeChat Pay, Alipay). */
  payments: PaymentProviders;
  /** Uploaded files (work-order screenshots and attachments). */
  storage: StorageProvider;
  /** The GPU fleet instances run on (the simulated sandbox fleet; decision 043). */
  compute: ComputeProvider;
  /** Identity checks for real-name verification (issue 37 §4): OCR, face liveness, bank card four elements. */
  identity: IdentityProviders;
  /** WeChat login's official account (issue 38 §2): parametric QR codes, event pushes, user info. */
  wechat: WechatProvider;
}

/**
 * Uploads live in DATA_DIR/uploads; an in-memory database (tests) gets a
 * directory of its own under the system's temporary directory, made on the
 * first upload.
 */
export function uploadsDirectory(dataDir: string): string {
  if (dataDir === "memory://" || dataDir === "") return path.join(tmpdir(), `gpu-cloud-uploads-${randomUUID()}`);
  return path.resolve(dataDir, "uploads");
}

/**
 * Each provider as configured (SMS_PROVIDER, EMAIL_PROVIDER); the sandbox ones
 * keep their outbox in the database. Guarded: a call inside a database
 * transaction throws (./guard.ts).
 */
export function createProviders(
  config: Pick<PlatformConfig, "sms" | "email" | "payments" | "dataDir" | "identity" | "wechatLogin">,
  db: Db,
  now?: () => Date,
): Providers {
  const sandboxBankCard = new SandboxBankCardProvider(now);
  const identity = createIdentityProviders(config, db, { now, sandboxBankCard });
  const sms = config.sms;
  return guardProviders({
    // The Aliyun SDK loads with the first message (providers/deferred.ts): a sandbox platform never loads it.
    sms:
      sms.provider === "aliyun"
        ? deferredSmsProvider(async () => new (await import("./sms/aliyun")).AliyunSmsProvider(sms.aliyun))
        : new OutboxSmsProvider(db),
    email:
      config.email.provider === "smtp"
        ? new SmtpEmailProvider(config.email.smtpUrl, config.email.from)
        : new OutboxEmailProvider(db),
    payments: createPaymentProviders(config.payments, now),
    storage: new FilesystemStorageProvider(uploadsDirectory(config.dataDir)),
    compute: new SimulatedComputeProvider(),
    identity: { ...identity, bankCard: identity.bankCard ?? sandboxBankCard },
    wechat: createWechatProvider(config, now),
  });
}
