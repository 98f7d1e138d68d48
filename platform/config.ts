import { createPrivateKey, createPublicKey, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./rules/client-address";
import { VERIFICATION_LIMIT_DEFAULTS, type VerificationLimits } from "./rules/verification-unlocks";
import { parsePersonalDataKeys, type PersonalDataKeys } from "./modules/security/personal-data-cipher";
import type { SmsNoticeTemplate, SmsPurpose } from "./providers/sms/types";

function parseTrustProxyOrExplain(value: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new Error(`Invalid platform environment:\n  ${(error as Error).message}`);
  }
}

/** Issue 12 §5: instances are kept 15 days after they stop for good, unless configured. */
export const DEFAULT_INSTANCE_RETENTION_DAYS = 15;
/** Start without GPU (无卡模式, decision 086): ¥0.10 per hour unless NO_GPU_HOURLY_PRICE_FEN says otherwise. */
export const DEFAULT_NO_GPU_HOURLY_PRICE_FEN = 10;
/** Data disk growth (decision 093): ¥0.20 per GB per 30-day month unless DATA_DISK_GB_MONTH_PRICE_FEN says otherwise. */
export { DEFAULT_DATA_DISK_GB_MONTH_FEN } from "./rules/data-disk-growth";

const optional = (schema: z.ZodString) => schema.optional().or(z.literal("").transform(() => undefined));
/** An empty variable (`-e SMS_PROVIDER=`) counts as unset. */
const unsetWhenEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);

/** An optional whole number between min and max, named in its errors. */
const wholeNumber = (name: string, min: number, max: number) =>
  unsetWhenEmpty(
    z.coerce
      .number({ invalid_type_error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .optional(),
  );

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
  ALIYUN_SMS_TEMPLATE_CODE_RESET_PASSWORD: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_TEMPLATE_CODE_BANK_CARD: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_TEMPLATE_CODE_CHANGE_PHONE: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_TEMPLATE_CODE_WECHAT_UNBIND: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_TEMPLATE_CODE_WORK_ORDER_REPLY: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_TEMPLATE_CODE_GPU_FREE: optional(z.string().regex(/^SMS_\d+$/, "must be an Aliyun template code")),
  ALIYUN_SMS_ENDPOINT: optional(z.string().url("must be a URL, e.g. https://dysmsapi.aliyuncs.com")),
  /** Real-name verification's OCR, face liveness and bank card check (issue 37 §4, decision 098). */
  IDENTITY_PROVIDER: unsetWhenEmpty(z.enum(["sandbox", "aliyun"]).optional()),
  ALIYUN_OCR_ENDPOINT: optional(z.string().url("must be a URL, e.g. https://ocr-api.cn-hangzhou.aliyuncs.com")),
  ALIYUN_CLOUDAUTH_ENDPOINT: optional(z.string().url("must be a URL, e.g. https://cloudauth.aliyuncs.com")),
  /** The 认证场景 of 金融级实人认证 made in Aliyun's console (SceneId, a number). */
  ALIYUN_FACE_SCENE_ID: optional(z.string().regex(/^[1-9]\d{0,14}$/, "must be the scene's number, e.g. 1000000006")),
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
  /** QR payments (issue 10, decision 030): the provider of each channel and its keys. */
  PAYMENT_WECHAT: unsetWhenEmpty(z.enum(["sandbox", "wechatpay"]).optional()),
  WECHATPAY_APP_ID: optional(z.string()),
  WECHATPAY_MCH_ID: optional(z.string()),
  WECHATPAY_SERIAL_NO: optional(z.string()),
  WECHATPAY_PRIVATE_KEY: optional(z.string()),
  WECHATPAY_PRIVATE_KEY_FILE: optional(z.string()),
  WECHATPAY_API_V3_KEY: optional(z.string().length(32, "WECHATPAY_API_V3_KEY must be the 32-character APIv3 key")),
  WECHATPAY_PLATFORM_CERT: optional(z.string()),
  WECHATPAY_PLATFORM_CERT_FILE: optional(z.string()),
  WECHATPAY_PLATFORM_SERIAL: optional(z.string()),
  WECHATPAY_BASE_URL: optional(z.string().url("must be a URL, e.g. https://api.mch.weixin.qq.com")),
  PAYMENT_ALIPAY: unsetWhenEmpty(z.enum(["sandbox", "alipay"]).optional()),
  ALIPAY_APP_ID: optional(z.string()),
  ALIPAY_PRIVATE_KEY: optional(z.string()),
  ALIPAY_PRIVATE_KEY_FILE: optional(z.string()),
  ALIPAY_PUBLIC_KEY: optional(z.string()),
  ALIPAY_PUBLIC_KEY_FILE: optional(z.string()),
  ALIPAY_GATEWAY: optional(z.string().url("must be a URL, e.g. https://openapi.alipay.com")),
  /** The operators' key for `npm run ops` (decision 035); outside production a generated one is kept in DATA_DIR. */
  OPS_KEY: z.string().min(32, "OPS_KEY must be at least 32 characters").optional(),
  /**
   * The operators' door on a port of its own (decision 061): /ops is then served only there, and the public site
   * answers 404 for it. OPS_HOST is the interface it listens on, 127.0.0.1 unless a deployment says otherwise.
   */
  OPS_PORT: unsetWhenEmpty(
    z.coerce
      .number({ invalid_type_error: "OPS_PORT must be a port number" })
      .int("OPS_PORT must be a port number")
      .min(1, "OPS_PORT must be a port number (1–65535)")
      .max(65535, "OPS_PORT must be a port number (1–65535)")
      .optional(),
  ),
  OPS_HOST: unsetWhenEmpty(z.string().min(1).default("127.0.0.1")),
  /** Split deployment: the web tier sends this with the client address it trusts (decision 025). */
  PLATFORM_WEB_TIER_KEY: z.string().min(32, "PLATFORM_WEB_TIER_KEY must be at least 32 characters").optional(),
  /** Days a stopped instance is kept before it is released (decision 043). */
  INSTANCE_RETENTION_DAYS: unsetWhenEmpty(
    z.coerce
      .number({ invalid_type_error: "INSTANCE_RETENTION_DAYS must be a whole number of days" })
      .int("INSTANCE_RETENTION_DAYS must be a whole number of days")
      .min(1, "INSTANCE_RETENTION_DAYS must be at least 1")
      .max(365, "INSTANCE_RETENTION_DAYS must be at most 365")
      .default(DEFAULT_INSTANCE_RETENTION_DAYS),
  ),
  /** The hourly price of an instance started without GPU, in fen (decision 086). */
  NO_GPU_HOURLY_PRICE_FEN: unsetWhenEmpty(
    z.coerce
      .number({ invalid_type_error: "NO_GPU_HOURLY_PRICE_FEN must be a whole number of fen" })
      .int("NO_GPU_HOURLY_PRICE_FEN must be a whole number of fen")
      .min(0, "NO_GPU_HOURLY_PRICE_FEN must be at least 0")
      .max(100_000, "NO_GPU_HOURLY_PRICE_FEN must be at most 100000")
      .default(DEFAULT_NO_GPU_HOURLY_PRICE_FEN),
  ),
  /** The price of one extra GB of data disk per 30-day month, in fen (decision 093). */
  DATA_DISK_GB_MONTH_PRICE_FEN: unsetWhenEmpty(
    z.coerce
      .number({ invalid_type_error: "DATA_DISK_GB_MONTH_PRICE_FEN must be a whole number of fen" })
      .int("DATA_DISK_GB_MONTH_PRICE_FEN must be a whole number of fen")
      .min(0, "DATA_DISK_GB_MONTH_PRICE_FEN must be at least 0")
      .max(100_000, "DATA_DISK_GB_MONTH_PRICE_FEN must be at most 100000")
      .optional(),
  ),
  /** Statements the billing job settles in at once (decision 053); unset: 2 on PostgreSQL, 1 on PGlite. */
  BILLING_SETTLEMENT_PARTITIONS: unsetWhenEmpty(
    z.coerce
      .number({ invalid_type_error: "BILLING_SETTLEMENT_PARTITIONS must be a whole number" })
      .int("BILLING_SETTLEMENT_PARTITIONS must be a whole number")
      .min(1, "BILLING_SETTLEMENT_PARTITIONS must be at least 1")
      .max(16, "BILLING_SETTLEMENT_PARTITIONS must be at most 16")
      .optional(),
  ),
  /**
   * The personal data key ring (decision 094, 096): "id:<64 hex>,…", the key that seals new values first; and the
   * keyed hash's own key (64 hex). Required in production; outside it a generated pair is kept in DATA_DIR.
   */
  PERSONAL_DATA_KEYS: optional(z.string()),
  PERSONAL_DATA_HASH_KEY: optional(z.string()),
  /** Real-name verification's limits (decision 096): accounts one ID number may verify, attempts a day, GPUs unverified. */
  VERIFICATION_ID_MAX_ACCOUNTS: wholeNumber("VERIFICATION_ID_MAX_ACCOUNTS", 1, 100),
  VERIFICATION_ATTEMPTS_PER_ACCOUNT_DAY: wholeNumber("VERIFICATION_ATTEMPTS_PER_ACCOUNT_DAY", 1, 1000),
  VERIFICATION_ATTEMPTS_PER_ID_DAY: wholeNumber("VERIFICATION_ATTEMPTS_PER_ID_DAY", 1, 1000),
  UNVERIFIED_GPU_LIMIT: wholeNumber("UNVERIFIED_GPU_LIMIT", 0, 10_000),
  /** WeChat login through an official account's parametric QR codes (issue 38 §2, decision 106). */
  WECHAT_PROVIDER: unsetWhenEmpty(z.enum(["sandbox", "official"]).optional()),
  WECHAT_APP_ID: optional(z.string()),
  WECHAT_APP_SECRET: optional(z.string()),
  /** The Token set in the official account's 服务器配置: it signs every event push. */
  WECHAT_EVENT_TOKEN: optional(z.string()),
  WECHAT_API_BASE_URL: optional(z.string().url("must be a URL, e.g. https://api.weixin.qq.com")),
  /** Days a verification file's bytes are kept after its application was decided (decision 101). */
  VERIFICATION_FILE_RETENTION_DAYS: wholeNumber("VERIFICATION_FILE_RETENTION_DAYS", 1, 3650),
});

type Env = z.infer<typeof PlatformEnv>;

/** Aliyun SMS (dysmsapi 2017-05-25 SendSms): keys, sign name, and a template per purpose (or one shared). */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCodes: Record<SmsPurpose, string>;
  /** Notice templates (work-order replies, GPU free notices); a notice without one is not sent. */
  noticeTemplateCodes?: Partial<Record<SmsNoticeTemplate, string>>;
  /** Where the API lives; a test points it at a local fake. */
  endpoint: URL;
}

/** WeChat Pay API v3 (Native): the merchant's identity and keys, and WeChat Pay's key that signs its answers. */
export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** The serial number of the merchant's API certificate (its key signs our requests). */
  serialNo: string;
  /** PEM of the merchant's private key (apiclient_key.pem). */
  privateKey: string;
  /** The APIv3 key (32 characters) that encrypts callbacks. */
  apiV3Key: string;
  /** PEM of WeChat Pay's platform certificate, or of its public key ("微信支付公钥"). */
  platformCert: string;
  /** Its serial (or public key id, PUB_KEY_ID_…): the Wechatpay-Serial header must name it. */
  platformSerial: string;
  /** Where the API lives; a test points it at a local fake. */
  baseUrl: URL;
}

/** Alipay OpenAPI (当面付 precreate): the app, its private key, and Alipay's public key. */
export interface AlipayConfig {
  appId: string;
  /** PEM (PKCS#8) of the app's private key. */
  privateKey: string;
  /** PEM (SPKI) of Alipay's public key (支付宝公钥). */
  alipayPublicKey: string;
  /** Alipay's OpenAPI origin; a test points it at a local fake. */
  gateway: URL;
}

/**
 * QR payments (issue 10): per channel the sandbox provider (a page of this
 * site confirms the payment and sends a signed callback) or the real adapter.
 */
export type WechatChannelConfig = { provider: "sandbox" } | { provider: "wechatpay"; wechatpay: WechatPayConfig };
export type AlipayChannelConfig = { provider: "sandbox" } | { provider: "alipay"; alipay: AlipayConfig };

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
  wechat: WechatChannelConfig;
  alipay: AlipayChannelConfig;
}

/**
 * Aliyun for real-name verification (decision 098): OCR API 2021-07-07 (RecognizeIdcard, RecognizeBusinessLicense)
 * and Cloudauth 2019-03-07 (InitFaceVerify/DescribeFaceVerify, BankMetaVerify), with the account's keys.
 */
export interface AliyunIdentityConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** Where each API lives; a test points them at a local fake. */
  ocrEndpoint: URL;
  cloudauthEndpoint: URL;
  /** The face verification scene (SceneId) configured in Aliyun's console. */
  faceSceneId: number;
}

export type IdentityConfig = { provider: "sandbox" } | { provider: "aliyun"; aliyun: AliyunIdentityConfig };

/** The official account (公众号) of WeChat login: its app, secret and event token. */
export interface WechatOfficialConfig {
  appId: string;
  appSecret: string;
  eventToken: string;
  /** Where the API lives; a test points it at a local fake. */
  apiBase: URL;
}

export type WechatLoginConfig = { provider: "sandbox" } | { provider: "official"; official: WechatOfficialConfig };

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
  /** IDENTITY_PROVIDER: OCR, face liveness and bank card check of real-name verification. */
  identity: IdentityConfig;
  seedDemo: boolean;
  /** Who may say where a request came from, when the platform runs on its own (platform/main.ts). */
  trustProxy: TrustProxy;
  webTierKey?: string;
  /** OPS_KEY; see platform/ops/key.ts for the development default. */
  opsKey?: string;
  /** OPS_PORT and OPS_HOST: /ops on its own listener (and not on the public one); unset: /ops beside /api. */
  opsListen?: { port: number; host: string };
  /** INSTANCE_RETENTION_DAYS: how long a stopped instance is kept before release (default 15). */
  instanceRetentionDays?: number;
  /** NO_GPU_HOURLY_PRICE_FEN: the hourly price of an instance started without GPU (default 10 fen). */
  noGpuHourlyFen?: number;
  /** DATA_DISK_GB_MONTH_PRICE_FEN: an extra GB of data disk per 30-day month (default 20 fen). */
  dataDiskGbMonthFen?: number;
  /** BILLING_SETTLEMENT_PARTITIONS: statements the billing job settles in at once (unset: by database). */
  settlementPartitions?: number;
  /**
   * PERSONAL_DATA_KEYS and PERSONAL_DATA_HASH_KEY, parsed; unset outside production, where
   * modules/security/personal-data-key-ring.ts generates a ring into DATA_DIR. Never logged.
   */
  personalDataKeys?: PersonalDataKeys;
  /** The VERIFICATION_* limits and UNVERIFIED_GPU_LIMIT, each at its default when unset. */
  verification?: VerificationLimits;
  /** WECHAT_PROVIDER: WeChat login's sandbox page or official account (unset: the sandbox). */
  wechatLogin?: WechatLoginConfig;
}

export const DEFAULT_WECHATPAY_BASE_URL = "https://api.mch.weixin.qq.com";
export const DEFAULT_ALIPAY_GATEWAY = "https://openapi.alipay.com";
export const DEFAULT_ALIYUN_SMS_ENDPOINT = "https://dysmsapi.aliyuncs.com";
export const DEFAULT_ALIYUN_OCR_ENDPOINT = "https://ocr-api.cn-hangzhou.aliyuncs.com";
export const DEFAULT_ALIYUN_CLOUDAUTH_ENDPOINT = "https://cloudauth.aliyuncs.com";
export const DEFAULT_WECHAT_API_BASE_URL = "https://api.weixin.qq.com";

const ALIYUN_REQUIRED = [
  "ALIYUN_ACCESS_KEY_ID",
  "ALIYUN_ACCESS_KEY_SECRET",
  "ALIYUN_SMS_SIGN_NAME",
  "ALIYUN_SMS_TEMPLATE_CODE",
] as const;
const SMTP_REQUIRED = ["SMTP_URL", "MAIL_FROM"] as const;
const WECHAT_REQUIRED = ["WECHAT_APP_ID", "WECHAT_APP_SECRET", "WECHAT_EVENT_TOKEN"] as const;

function wechatLoginConfig(e: Env, problems: string[]): WechatLoginConfig {
  if ((e.WECHAT_PROVIDER ?? "sandbox") === "sandbox") return { provider: "sandbox" };
  const missing = WECHAT_REQUIRED.filter((name) => !e[name]);
  for (const name of missing) problems.push(`  ${name}: required when WECHAT_PROVIDER=official`);
  if (missing.length > 0) return { provider: "sandbox" };
  return {
    provider: "official",
    official: {
      appId: e.WECHAT_APP_ID!,
      appSecret: e.WECHAT_APP_SECRET!,
      eventToken: e.WECHAT_EVENT_TOKEN!,
      apiBase: new URL(new URL(e.WECHAT_API_BASE_URL ?? DEFAULT_WECHAT_API_BASE_URL).origin),
    },
  };
}
const ALIYUN_IDENTITY_REQUIRED = ["ALIYUN_ACCESS_KEY_ID", "ALIYUN_ACCESS_KEY_SECRET", "ALIYUN_FACE_SCENE_ID"] as const;

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
        reset_password: e.ALIYUN_SMS_TEMPLATE_CODE_RESET_PASSWORD ?? shared,
        bank_card: e.ALIYUN_SMS_TEMPLATE_CODE_BANK_CARD ?? shared,
        change_phone: e.ALIYUN_SMS_TEMPLATE_CODE_CHANGE_PHONE ?? shared,
        wechat_unbind: e.ALIYUN_SMS_TEMPLATE_CODE_WECHAT_UNBIND ?? shared,
      },
      noticeTemplateCodes: {
        ...(e.ALIYUN_SMS_TEMPLATE_CODE_WORK_ORDER_REPLY && {
          work_order_reply: e.ALIYUN_SMS_TEMPLATE_CODE_WORK_ORDER_REPLY,
        }),
        ...(e.ALIYUN_SMS_TEMPLATE_CODE_GPU_FREE && { gpu_free: e.ALIYUN_SMS_TEMPLATE_CODE_GPU_FREE }),
      },
      endpoint: new URL(e.ALIYUN_SMS_ENDPOINT ?? DEFAULT_ALIYUN_SMS_ENDPOINT),
    },
  };
}

function identityConfig(e: Env, problems: string[]): IdentityConfig {
  if ((e.IDENTITY_PROVIDER ?? "sandbox") === "sandbox") return { provider: "sandbox" };
  const missing = ALIYUN_IDENTITY_REQUIRED.filter((name) => !e[name]);
  for (const name of missing) problems.push(`  ${name}: required when IDENTITY_PROVIDER=aliyun`);
  if (missing.length > 0) return { provider: "sandbox" };
  return {
    provider: "aliyun",
    aliyun: {
      accessKeyId: e.ALIYUN_ACCESS_KEY_ID!,
      accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET!,
      ocrEndpoint: new URL(e.ALIYUN_OCR_ENDPOINT ?? DEFAULT_ALIYUN_OCR_ENDPOINT),
      cloudauthEndpoint: new URL(e.ALIYUN_CLOUDAUTH_ENDPOINT ?? DEFAULT_ALIYUN_CLOUDAUTH_ENDPOINT),
      faceSceneId: Number(e.ALIYUN_FACE_SCENE_ID),
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

const WECHATPAY_REQUIRED = [
  "WECHATPAY_APP_ID",
  "WECHATPAY_MCH_ID",
  "WECHATPAY_SERIAL_NO",
  "WECHATPAY_PRIVATE_KEY",
  "WECHATPAY_API_V3_KEY",
  "WECHATPAY_PLATFORM_CERT",
  "WECHATPAY_PLATFORM_SERIAL",
] as const;
const ALIPAY_REQUIRED = ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"] as const;

type KeyKind = "private" | "public";

/**
 * A key given as PEM text in NAME or as a file in NAME_FILE, read and checked
 * now so that a wrong key stops the start, not the first payment. Returns the
 * PEM as Node re-exports it (PKCS#8 or SPKI), or undefined with a problem noted.
 */
function pemVariable(e: Env, name: keyof Env, kind: KeyKind, problems: string[], provider: string) {
  const fileName = `${String(name)}_FILE` as keyof Env;
  let text = e[name] as string | undefined;
  const file = e[fileName] as string | undefined;
  if (!text && file) {
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      problems.push(`  ${String(fileName)}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
      return undefined;
    }
  }
  if (!text) {
    problems.push(`  ${String(name)} (or ${String(fileName)}): required when ${provider}`);
    return undefined;
  }
  // Alipay's key tool gives bare base64 (PKCS#8 private, SPKI public); PEM otherwise.
  const body = text.trim();
  const pem = body.startsWith("-----")
    ? body.replace(/\\n/g, "\n")
    : `-----BEGIN ${kind === "private" ? "PRIVATE" : "PUBLIC"} KEY-----\n${body.replace(/\s+/g, "")}\n-----END ${kind === "private" ? "PRIVATE" : "PUBLIC"} KEY-----`;
  try {
    return kind === "private"
      ? createPrivateKey(pem).export({ type: "pkcs8", format: "pem" }).toString()
      : createPublicKey(pem).export({ type: "spki", format: "pem" }).toString();
  } catch {
    problems.push(
      `  ${String(name)}: not a ${kind === "private" ? "PEM private key" : "PEM certificate or public key"}`,
    );
    return undefined;
  }
}

function wechatConfig(e: Env, problems: string[]): WechatChannelConfig {
  if ((e.PAYMENT_WECHAT ?? "sandbox") === "sandbox") return { provider: "sandbox" };
  const before = problems.length;
  const when = "PAYMENT_WECHAT=wechatpay";
  for (const name of ["WECHATPAY_APP_ID", "WECHATPAY_MCH_ID", "WECHATPAY_SERIAL_NO", "WECHATPAY_API_V3_KEY"] as const)
    if (!e[name]) problems.push(`  ${name}: required when ${when}`);
  const privateKey = pemVariable(e, "WECHATPAY_PRIVATE_KEY", "private", problems, when);
  const platformKey = pemVariable(e, "WECHATPAY_PLATFORM_CERT", "public", problems, when);
  if (!e.WECHATPAY_PLATFORM_SERIAL) problems.push(`  WECHATPAY_PLATFORM_SERIAL: required when ${when}`);
  if (problems.length > before) return { provider: "sandbox" };
  return {
    provider: "wechatpay",
    wechatpay: {
      appId: e.WECHATPAY_APP_ID!,
      mchId: e.WECHATPAY_MCH_ID!,
      serialNo: e.WECHATPAY_SERIAL_NO!,
      privateKey: privateKey!,
      apiV3Key: e.WECHATPAY_API_V3_KEY!,
      platformCert: platformKey!,
      platformSerial: e.WECHATPAY_PLATFORM_SERIAL!,
      baseUrl: new URL(new URL(e.WECHATPAY_BASE_URL ?? DEFAULT_WECHATPAY_BASE_URL).origin),
    },
  };
}

function alipayConfig(e: Env, problems: string[]): AlipayChannelConfig {
  if ((e.PAYMENT_ALIPAY ?? "sandbox") === "sandbox") return { provider: "sandbox" };
  const before = problems.length;
  const when = "PAYMENT_ALIPAY=alipay";
  if (!e.ALIPAY_APP_ID) problems.push(`  ALIPAY_APP_ID: required when ${when}`);
  const privateKey = pemVariable(e, "ALIPAY_PRIVATE_KEY", "private", problems, when);
  const alipayPublicKey = pemVariable(e, "ALIPAY_PUBLIC_KEY", "public", problems, when);
  if (problems.length > before) return { provider: "sandbox" };
  return {
    provider: "alipay",
    alipay: {
      appId: e.ALIPAY_APP_ID!,
      privateKey: privateKey!,
      alipayPublicKey: alipayPublicKey!,
      gateway: new URL(new URL(e.ALIPAY_GATEWAY ?? DEFAULT_ALIPAY_GATEWAY).origin),
    },
  };
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
 * The personal data key ring from PERSONAL_DATA_KEYS and PERSONAL_DATA_HASH_KEY: both or neither; production
 * requires them (identity numbers would otherwise be sealed with a key generated on one machine). A problem names
 * the variable and the entry, never a key.
 */
function personalDataKeysOf(e: Env, production: boolean, problems: string[]): PersonalDataKeys | undefined {
  const ring = e.PERSONAL_DATA_KEYS;
  const hash = e.PERSONAL_DATA_HASH_KEY;
  if (!ring && !hash) {
    if (production)
      problems.push(
        "  PERSONAL_DATA_KEYS, PERSONAL_DATA_HASH_KEY: APP_ENV=production requires the personal data keys (ID and card numbers are sealed with them): PERSONAL_DATA_KEYS=<id>:<64 hex digits>[,<older id>:<64 hex>…] (the key that seals first) and PERSONAL_DATA_HASH_KEY=<64 hex digits>",
      );
    return undefined;
  }
  if (!ring || !hash) {
    problems.push(
      `  ${ring ? "PERSONAL_DATA_HASH_KEY" : "PERSONAL_DATA_KEYS"}: required with ${ring ? "PERSONAL_DATA_KEYS" : "PERSONAL_DATA_HASH_KEY"}`,
    );
    return undefined;
  }
  try {
    return parsePersonalDataKeys(ring, hash);
  } catch (error) {
    problems.push(`  PERSONAL_DATA_KEYS / PERSONAL_DATA_HASH_KEY: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * The site's public origin, without a trailing slash: PUBLIC_URL when set
 * (production requires it, https); else, outside production, this machine on
 * the port the site listens on (`PORT`, as the web tier reads it; 3000 by
 * default), so QR codes and the sandbox's callbacks reach the running site.
 */
export function publicUrlOf(publicUrl: string | undefined, sitePort: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const port = Number(sitePort);
  return `http://localhost:${Number.isInteger(port) && port >= 1 && port <= 65535 ? port : 3000}`;
}

/**
 * Parses the platform's environment once, at start-up; throws a readable error
 * when it is wrong. Production refuses sandbox providers (decision 026): every
 * code would be published on /sandbox/sms. `sitePortFromEnv: false` (the
 * standalone platform, whose own PORT is not the site's) keeps port 3000 when
 * PUBLIC_URL is unset.
 */
export function loadPlatformConfig(
  env: Record<string, string | undefined> = process.env,
  options: { sitePortFromEnv?: boolean } = {},
): PlatformConfig {
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
  if (production && (e.PAYMENT_WECHAT ?? "sandbox") === "sandbox") {
    problems.push(
      `  PAYMENT_WECHAT: APP_ENV=production refuses the sandbox payment provider (anyone could confirm a payment); set PAYMENT_WECHAT=wechatpay with ${WECHATPAY_REQUIRED.join(", ")}`,
    );
  }
  if (production && (e.PAYMENT_ALIPAY ?? "sandbox") === "sandbox") {
    problems.push(
      `  PAYMENT_ALIPAY: APP_ENV=production refuses the sandbox payment provider; set PAYMENT_ALIPAY=alipay with ${ALIPAY_REQUIRED.join(", ")}`,
    );
  }
  if (production && (e.IDENTITY_PROVIDER ?? "sandbox") === "sandbox") {
    problems.push(
      `  IDENTITY_PROVIDER: APP_ENV=production refuses the sandbox identity provider (anyone could pass a face check); set IDENTITY_PROVIDER=aliyun with ${ALIYUN_IDENTITY_REQUIRED.join(", ")}`,
    );
  }
  if (production && (e.WECHAT_PROVIDER ?? "sandbox") === "sandbox") {
    problems.push(
      `  WECHAT_PROVIDER: APP_ENV=production refuses the sandbox WeChat login (anyone could play any WeChat user's scan); set WECHAT_PROVIDER=official with ${WECHAT_REQUIRED.join(", ")}`,
    );
  }
  if (production && !e.PUBLIC_URL?.startsWith("https://")) {
    problems.push(
      "  PUBLIC_URL: APP_ENV=production requires the site's https origin (payment callbacks are sent to it), e.g. https://gpu.example.cn",
    );
  }
  const personalDataKeys = personalDataKeysOf(e, production, problems);
  const sms = smsConfig(e, problems);
  const email = emailConfig(e, problems);
  const wechat = wechatConfig(e, problems);
  const alipay = alipayConfig(e, problems);
  const identity = identityConfig(e, problems);
  const wechatLogin = wechatLoginConfig(e, problems);
  if (problems.length > 0) throw new Error(`Invalid platform environment:\n${problems.join("\n")}`);
  return {
    production,
    sandbox: !production,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    sms,
    email,
    payments: {
      publicUrl: publicUrlOf(e.PUBLIC_URL, options.sitePortFromEnv === false ? undefined : env.PORT),
      transfer: transferAccount(e, production),
      sandboxSecret: e.SANDBOX_PAY_SECRET ?? randomBytes(32).toString("hex"),
      wechat,
      alipay,
    },
    identity,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "1" : !production,
    trustProxy: parseTrustProxyOrExplain(e.TRUST_PROXY),
    webTierKey: e.PLATFORM_WEB_TIER_KEY,
    opsKey: e.OPS_KEY,
    opsListen: e.OPS_PORT === undefined ? undefined : { port: e.OPS_PORT, host: e.OPS_HOST },
    instanceRetentionDays: e.INSTANCE_RETENTION_DAYS,
    noGpuHourlyFen: e.NO_GPU_HOURLY_PRICE_FEN,
    dataDiskGbMonthFen: e.DATA_DISK_GB_MONTH_PRICE_FEN,
    settlementPartitions: e.BILLING_SETTLEMENT_PARTITIONS,
    personalDataKeys,
    verification: {
      idNumberMaxAccounts: e.VERIFICATION_ID_MAX_ACCOUNTS ?? VERIFICATION_LIMIT_DEFAULTS.idNumberMaxAccounts,
      attemptsPerAccountDay:
        e.VERIFICATION_ATTEMPTS_PER_ACCOUNT_DAY ?? VERIFICATION_LIMIT_DEFAULTS.attemptsPerAccountDay,
      attemptsPerIdDay: e.VERIFICATION_ATTEMPTS_PER_ID_DAY ?? VERIFICATION_LIMIT_DEFAULTS.attemptsPerIdDay,
      unverifiedGpuLimit: e.UNVERIFIED_GPU_LIMIT ?? VERIFICATION_LIMIT_DEFAULTS.unverifiedGpuLimit,
      fileRetentionDays: e.VERIFICATION_FILE_RETENTION_DAYS ?? VERIFICATION_LIMIT_DEFAULTS.fileRetentionDays,
    },
    wechatLogin,
  };
}
