import type { Db } from "../db/client";
import type { TransferAccount } from "../config";
import type { Providers } from "../providers";
import type { VerificationLimits } from "../rules/verification-unlocks";
import type { PersonalDataKeys } from "./security/personal-data-cipher";

/** Facts about this deployment that modules need: where it is reachable, where transfers go. */
export interface SiteSettings {
  /** The public origin, e.g. https://gpu.example.cn: payment callbacks are sent to it. */
  publicUrl: string;
  /** The company account for corporate transfers; null when transfers are not offered. */
  transferAccount: TransferAccount | null;
  /** Days a stopped instance is kept before it is released (INSTANCE_RETENTION_DAYS, default 15). */
  instanceRetentionDays: number;
  /** What an hour of an instance started without GPU costs, in fen (NO_GPU_HOURLY_PRICE_FEN, default 10; decision 086). */
  noGpuHourlyFen: number;
  /** What one extra GB of data disk costs per 30-day month, in fen (DATA_DISK_GB_MONTH_PRICE_FEN, default 20; decision 093). */
  dataDiskGbMonthFen: number;
  /** Statements the billing job settles in at once, each for its share of the owners (decision 053). */
  settlementPartitions: number;
  /** Real-name verification's limits (VERIFICATION_*, UNVERIFIED_GPU_LIMIT; decision 096). */
  verification: VerificationLimits;
  /** Outside production (config.sandbox): finance may issue a generated sample invoice PDF marked 样例 (decision 113). */
  sandboxSamples?: boolean;
}

/** What every module operation receives: the database, the outside world, the site's settings and a clock. */
export interface Ctx {
  db: Db;
  providers: Providers;
  site: SiteSettings;
  /** The key ring personal data is sealed with (decisions 094, 096); never logged. */
  personalData: PersonalDataKeys;
  now: () => Date;
}

/**
 * A request's origin, for per-address rate limits: the client's address as far
 * as the deployment lets us know it (TRUST_PROXY, the web tier's header), or
 * null when unknown. Unknown addresses are never counted together.
 */
export interface Origin {
  ip: string | null;
  /** The client's User-Agent, for the sign-in lists only (never trusted); absent where no request is behind the call. */
  userAgent?: string | null;
}

/**
 * Anyone calling the platform, signed in or not: the request's origin. Public
 * operations (registration, login, SMS codes, notices) take a Visitor as their
 * caller; the HTTP layer builds it from the request (platform/http/context.ts).
 */
export interface Visitor {
  origin: Origin;
}

/**
 * A signed-in caller: a main account, or one of its sub-accounts, behind a
 * live session (resolved from the token by accounts/sessions.ts). A Caller is
 * also a Visitor, so it can call public operations too.
 */
export interface Caller extends Visitor {
  sessionId: number;
  userId: number;
  subAccountId: number | null;
}
