import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "../platform/rules/client-address";

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const instant = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO date-time, e.g. 2025-10-29T10:00:00+08:00");

const WebEnv = z.object({
  /** "production" requires SESSION_SECRET (and, in the platform, real providers: decision 026) and sets Secure cookies. NODE_ENV is not used for this: remix-serve always runs the built server with NODE_ENV=production. */
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  PLATFORM_URL: optionalUrl,
  /** Where the in-process platform runs in the production build: its own worker thread, or inline on the web thread. */
  PLATFORM_THREAD: z.enum(["worker", "inline"]).default("worker"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /** The proxies in front of the web tier: a hop count, or their addresses and subnets (decision 025). */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
      }
    }),
  /** With PLATFORM_URL: sent with the client address so the platform may trust it (decision 025). */
  PLATFORM_WEB_TIER_KEY: z.string().min(32, "PLATFORM_WEB_TIER_KEY must be at least 32 characters").optional(),
  /** The top bar's external tabs (文档中心, 开放API, 硬件市场): each tab is hidden while its address is unset (decision 016, addendum). */
  DOCS_URL: optionalUrl,
  OPENAPI_URL: optionalUrl,
  HARDWARE_MARKET_URL: optionalUrl,
  /** The public pages' footer (decision 064): each piece is hidden while unset. */
  SITE_COMPANY_NAME: optionalText(60),
  SITE_CONTACT_PHONE: optionalText(30),
  SITE_CONTACT_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The ICP filing number (备案号), e.g. 京ICP备12345678号-1, linked to beian.miit.gov.cn. */
  SITE_ICP_NUMBER: optionalText(40),
  /** How long the web tier waits for one platform call before answering 504 (spec §9: 30000 ms). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
  PROMO_LIVE_FROM: instant.default("2025-10-29T10:00:00+08:00"),
  CONTACT_SERVICE_URL: z.string().url().default("https://work.weixin.qq.com/kfid/kfc-gpu-cloud-service"),
  CONTACT_OFFICIAL_URL: z
    .string()
    .url()
    .default("https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=gpu-cloud-service"),
  CONTACT_SUBSCRIPTION_URL: z
    .string()
    .url()
    .default("https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=gpu-cloud-news"),
});

export type WebEnv = z.infer<typeof WebEnv>;

function parse(): WebEnv {
  const parsed = WebEnv.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid web environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // Without the key the platform would count every user under the web tier's own address (decision 025).
  if (e.APP_ENV === "production" && e.PLATFORM_URL && !e.PLATFORM_WEB_TIER_KEY)
    throw new Error(
      "Invalid web environment:\n  PLATFORM_WEB_TIER_KEY: required in production with PLATFORM_URL (the same secret on the platform), so the platform can trust the client address this tier sends",
    );
  // Sites hosted in mainland China must show their ICP filing number; one hosted elsewhere has none (decision 064).
  if (e.APP_ENV === "production" && !e.SITE_ICP_NUMBER)
    console.warn("[config] SITE_ICP_NUMBER is not set: the footer shows no ICP filing number (备案号)");
  return e;
}

/** Parsed once, at start-up. */
export const env = parse();

/**
 * The cookie-signing secret. Production must set SESSION_SECRET; elsewhere one
 * is generated once and kept in DATA_DIR, so restarts keep users logged in.
 */
function loadSessionSecret(): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.APP_ENV === "production")
    throw new Error("Invalid web environment:\n  SESSION_SECRET: required in production");
  const file = path.resolve(env.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const sessionSecret = loadSessionSecret();
export const isProduction = env.APP_ENV === "production";

/**
 * What the browser may know of the configuration (external links, activity windows). The raffle's window is the
 * platform's (decision 118), read with the bar's notices.
 */
export function publicSiteConfig(raffleWindow: { from: string; until: string } | null, now = new Date()) {
  return {
    docsUrl: env.DOCS_URL,
    openApiUrl: env.OPENAPI_URL,
    hardwareMarketUrl: env.HARDWARE_MARKET_URL,
    footer: {
      companyName: env.SITE_COMPANY_NAME,
      contactPhone: env.SITE_CONTACT_PHONE,
      contactEmail: env.SITE_CONTACT_EMAIL,
      icpNumber: env.SITE_ICP_NUMBER,
    },
    promoLive: now.getTime() >= Date.parse(env.PROMO_LIVE_FROM),
    raffleOpen:
      raffleWindow !== null &&
      now.getTime() >= Date.parse(raffleWindow.from) &&
      now.getTime() < Date.parse(raffleWindow.until),
  };
}

export type SiteConfig = ReturnType<typeof publicSiteConfig>;
