import { randomBytes } from "node:crypto";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./rules/client-address";
import type { SmsPurpose } from "./providers/sms/types";

function parseTrustProxyOrExplain(value: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new Error(`Invalid platform environment:\n  ${(error as Error).message}`);
  }
}

const optional = (schema: z.ZodString) => schema.optional().or(z.literal("").transform(() => undefined));
/** An empty variable (`-e SMS_PROVIDER=`) counts as unset. */
const unsetWhenEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);

const PlatformEnv = z.object({
  /** See app/env.server.ts: production-ness follows APP_ENV, not NODE_ENV. */
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")),
  SMS_PROVIDER: unsetWhenEmpty(z.enum(["sandbox", "aliyun"]).optional()),
  EMAIL_PROVIDER: unsetWhenEmpty(z.enum(["sandbox", "smtp"]).optional()),
  ALIYUN_ACCESS_KEY_ID: optional(z.string()),
  ALIYUN_ACCESS_KEY_SECRET: optional(z.string()),
  ALIYUN_SMS_SIGN_NAME: optional(z.string()),
  ALIYUN_SMS_TEMPLATE_CODE: optional(
    z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code, e.g. SMS_154950909"),
  ),
  ALIYUN_SMS_TEMPLATE_CODE_REGISTER: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_TEMPLATE_CODE_LOGIN: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_TEMPLATE_CODE_COMPANY_REGISTER: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_TEMPLATE_CODE_UNREGISTER: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_ENDPOINT: optional(z.string().url("must be a URL, e.g. https://dysmsapi.aliyuncs.com")),
  SMTP_URL: optional(
    z.string().regex(/^smtps?:\/\/[^/]+/, "must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@host:465"),
  ),
  MAIL_FROM: optional(z.string().min(3)),
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  /** The proxies in front of a standalone platform (decision 025): a hop count, or their addresses and subnets. */
  TRUST_PROXY: z.string().optional(),
  /** The site's public origin: QR codes and payment callbacks point at it, e.g. https://gpu.example.cn. */
  PUBLIC_URL: optional(z.string().url("must be the site's origin, e.g. https://gpu.example.cn")),
  /** Where corporate transfers go (pay_type 2); outside production a demo account is shown when unset. */
  TRANSFER_ACCOUNT_NAME: optional(z.string().max(100)),
  TRANSFER_BANK: optional(z.string().max(100)),
  TRANSFER_ACCOUNT_NO: optional(z.string().max(64)),
  /** The sandbox payment provider's callback signing key; random per process when unset. */
  SANDBOX_PAY_SECRET: optional(z.string().min(16, "SANDBOX_PAY_SECRET must be at least 16 characters")),
  /** The operators' key for `npm run ops` (decision 035); outside production a generated one is kept in DATA_DIR. */
  OPS_KEY: z.string().min(32, "OPS_KEY must be at least 32 characters").optional(),
  /** Split deployment: the web tier sends this with the client address it trusts (decision 025). */
  PLATFORM_WEB_TIER_KEY: z.string().min(32, "PLATFORM_WEB_TIER_KEY must be at least 32 characters").optional(),
});

type Env = z.infer<typeof PlatformEnv>;

/** Aliyun SMS (dysmsapi 2017-05-25 SendSms): keys, sign name, and a template per purpose (or one shared). */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCodes: Record<SmsPurpose, string>;
  /** Where the API lives; a test points it at a local fake. */
  endpoint: URL;
}

/**
 * QR payments (issue 10): per channel the sandbox provider (a page of this
 * site confirms the payment and sends a signed callback) or the real adapter.
 */
export type PaymentChannelConfig = { provider: "sandbox" };

/** The company account corporate transfers go to. */
export interface TransferAccount {
  accountName: string;
  bank: string;
  accountNo: string;
}

export interface PaymentsConfig {
  /** The site's origin: the sandbox QR and the providers' notify URLs are built on it. */
  publicUrl: string;
  /** Null when transfers are not offered (production without TRANSFER_* set). */
  transfer: TransferAccount | null;
  sandboxSecret: string;
  wechat: PaymentChannelConfig;
  alipay: PaymentChannelConfig;
}

export type SmsConfig = { provider: "sandbox" } | { provider: "aliyun"; aliyun: AliyunSmsConfig };
export type EmailConfig = { provider: "sandbox" } | { provider: "smtp"; smtpUrl: string; from: string };

export interface PlatformConfig {
  production: boolean;
  /** True only outside production: the /sandbox/* pages (outboxes, the e2e session door) exist only then. */
  sandbox: boolean;
  dataDir: string;
  databaseUrl?: string;
  sms: SmsConfig;
  email: EmailConfig;
  payments: PaymentsConfig;
  seedDemo: boolean;
  /** Who may say where a request came from, when the platform runs on its own (platform/main.ts). */
  trustProxy: TrustProxy;
  webTierKey?: string;
  /** OPS_KEY; see platform/ops/key.ts for the development default. */
  opsKey?: string;
}

export const DEFAULT_ALIYUN_SMS_ENDPOINT = "https://dysmsapi.aliyuncs.com";

const ALIYUN_REQUIRED = [
  "ALIYUN_ACCESS_KEY_ID",
  "ALIYUN_ACCESS_KEY_SECRET",
  "ALIYUN_SMS_SIGN_NAME",
  "ALIYUN_SMS_TEMPLATE_CODE",
] as const;
const SMTP_REQUIRED = ["SMTP_URL", "MAIL_FROM"] as const;

function smsConfig(e: Env, problems: string[]): SmsConfig {
  if ((e.SMS_PROVIDER ?? "sandbox") === "sandbox") return { provider: "sandbox" };
  const missing = ALIYUN_REQUIRED.filter((name) => !e[name]);
  for (const name of missing) problems.push(`  ${name}: required when SMS_PROVIDER=aliyun`);
  if (missing.length > 0) return { provider: "sandbox" };
  const shared = e.ALIYUN_SMS_TEMPLATE_CODE!;
  return {
    provider: "aliyun",
    aliyun: {
      accessKeyId: e.ALIYUN_ACCESS_KEY_ID!,
      accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET!,
      signName: e.ALIYUN_SMS_SIGN_NAME!,
      templateCodes: {
        register: e.ALIYUN_SMS_TEMPLATE_CODE_REGISTER ?? shared,
        login: e.ALIYUN_SMS_TEMPLATE_CODE_LOGIN ?? shared,
        company_register: e.ALIYUN_SMS_TEMPLATE_CODE_COMPANY_REGISTER ?? shared,
        unregister: e.ALIYUN_SMS_TEMPLATE_CODE_UNREGISTER ?? shared,
      },
      endpoint: new URL(e.ALIYUN_SMS_ENDPOINT ?? DEFAULT_ALIYUN_SMS_ENDPOINT),
    },
  };
}

function emailConfig(e: Env, problems: string[]): EmailConfig {
  if ((e.EMAIL_PROVIDER ?? "sandbox") === "sandbox") return { provider: "sandbox" };
  const missing = SMTP_REQUIRED.filter((name) => !e[name]);
  for (const name of missing) problems.push(`  ${name}: required when EMAIL_PROVIDER=smtp`);
  if (missing.length > 0) return { provider: "sandbox" };
  return { provider: "smtp", smtpUrl: e.SMTP_URL!, from: e.MAIL_FROM! };
}

/** TRANSFER_* when all three are set; outside production a demo account otherwise; else none. */
function transferAccount(e: Env, production: boolean): TransferAccount | null {
  if (e.TRANSFER_ACCOUNT_NAME && e.TRANSFER_BANK && e.TRANSFER_ACCOUNT_NO)
    return { accountName: e.TRANSFER_ACCOUNT_NAME, bank: e.TRANSFER_BANK, accountNo: e.TRANSFER_ACCOUNT_NO };
  if (production) return null;
  return {
    accountName: "演示算力科技有限公司（沙盒）",
    bank: "演示银行北京中关村支行",
    accountNo: "6222 0000 0000 0000 000",
  };
}

/**
 * Parses the platform's environment once, at start-up; throws a readable error
 * when it is wrong. Production refuses sandbox providers (decision 026): every
 * code would be published on /sandbox/sms.
 */
export function loadPlatformConfig(env: Record<string, string | undefined> = process.env): PlatformConfig {
  const parsed = PlatformEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid platform environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.APP_ENV === "production";
  const problems: string[] = [];
  if (production && (e.SMS_PROVIDER ?? "sandbox") === "sandbox") {
    problems.push(
      `  SMS_PROVIDER: APP_ENV=production refuses the sandbox SMS provider (it publishes every code); set SMS_PROVIDER=aliyun with ${ALIYUN_REQUIRED.join(", ")}`,
    );
  }
  if (production && (e.EMAIL_PROVIDER ?? "sandbox") === "sandbox") {
    problems.push(
      `  EMAIL_PROVIDER: APP_ENV=production refuses the sandbox email provider; set EMAIL_PROVIDER=smtp with ${SMTP_REQUIRED.join(", ")}`,
    );
  }
  const sms = smsConfig(e, problems);
  const email = emailConfig(e, problems);
  if (problems.length > 0) throw new Error(`Invalid platform environment:\n${problems.join("\n")}`);
  return {
    production,
    sandbox: !production,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    sms,
    email,
    payments: {
      publicUrl: (e.PUBLIC_URL ?? "http://localhost:3000").replace(/\/+$/, ""),
      transfer: transferAccount(e, production),
      sandboxSecret: e.SANDBOX_PAY_SECRET ?? randomBytes(32).toString("hex"),
      wechat: { provider: "sandbox" },
      alipay: { provider: "sandbox" },
    },
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "1" : !production,
    trustProxy: parseTrustProxyOrExplain(e.TRUST_PROXY),
    webTierKey: e.PLATFORM_WEB_TIER_KEY,
    opsKey: e.OPS_KEY,
  };
}
