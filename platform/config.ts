import { z } from "zod";

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
});

export interface PlatformConfig {
  production: boolean;
  dataDir: string;
  databaseUrl?: string;
  providers: "sandbox";
  seedDemo: boolean;
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
  };
}
