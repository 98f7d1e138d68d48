import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./rules/client-address";

function parseTrustProxyOrExplain(value: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new Error(`Invalid platform environment:\n  ${(error as Error).message}`);
  }
}

const PlatformEnv = z.object({
  /** See app/env.server.ts: production-ness follows APP_ENV, not NODE_ENV. */
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PROVIDERS: z.enum(["sandbox"]).optional(),
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  /** The proxies in front of a standalone platform (decision 025): a hop count, or their addresses and subnets. */
  TRUST_PROXY: z.string().optional(),
  /** Split deployment: the web tier sends this with the client address it trusts (decision 025). */
  PLATFORM_WEB_TIER_KEY: z.string().min(32, "PLATFORM_WEB_TIER_KEY must be at least 32 characters").optional(),
});

export interface PlatformConfig {
  production: boolean;
  dataDir: string;
  databaseUrl?: string;
  providers: "sandbox";
  seedDemo: boolean;
  /** Who may say where a request came from, when the platform runs on its own (platform/main.ts). */
  trustProxy: TrustProxy;
  webTierKey?: string;
}

/** Parses the platform's environment once, at start-up; throws a readable error when it is wrong. */
export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const parsed = PlatformEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid platform environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.APP_ENV === "production";
  if (production && !e.PROVIDERS) {
    throw new Error(
      "Invalid platform environment:\n  PROVIDERS: must be set in production (only 'sandbox' providers exist so far)",
    );
  }
  return {
    production,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    providers: e.PROVIDERS ?? "sandbox",
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "1" : true,
    trustProxy: parseTrustProxyOrExplain(e.TRUST_PROXY),
    webTierKey: e.PLATFORM_WEB_TIER_KEY,
  };
}
