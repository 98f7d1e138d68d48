import {
  DEFAULT_INSTANCE_RETENTION_DAYS,
  DEFAULT_NO_GPU_HOURLY_PRICE_FEN,
  DEFAULT_DATA_DISK_GB_MONTH_FEN,
  loadPlatformConfig,
  type PlatformConfig,
} from "./config";

export { loadPlatformConfig };
import type { Database } from "./db/client";
import { prepareDatabase } from "./db/prepare";
import { createHttpApp, createOpsApp } from "./http/app";
import { listenForOperators, type OpsListener } from "./http/ops-server";
import type { Ctx } from "./modules/context";
import { createProviders } from "./providers";
import { resolveOpsKey } from "./ops/key";
import { resolvePersonalDataKeys } from "./modules/security/personal-data-key-ring";
import { VERIFICATION_LIMIT_DEFAULTS } from "./rules/verification-unlocks";
import { startJobs } from "./jobs/scheduler";
import { settlementPartitionsFor } from "./modules/billing/settle";
import { storeSeededSoftwareFiles } from "./db/seed-software";

/** A running platform: its fetch handler (the whole HTTP contract), its context and a way to stop it. */
export interface Platform {
  fetch(request: Request): Promise<Response>;
  ctx: Ctx;
  database: Database;
  /** The operators' door on its own port, when OPS_PORT is set (decision 061); else /ops is on `fetch`. */
  ops: OpsListener | null;
  close(): Promise<void>;
}

export interface PlatformOptions {
  config: PlatformConfig;
  /** Overrides the clock, for tests. */
  now?: () => Date;
  /** An in-memory database starts from this dump (tests: the run's migrated template; decision 120). */
  memoryImage?: Blob;
  /**
   * "in-process" (default): only this process's web tier sends requests, and its
   * client-address header is trusted. "standalone": platform/main.ts, reachable
   * over the network (decision 025).
   */
  role?: "in-process" | "standalone";
  /** Run the background jobs (platform/jobs); tests run them by hand instead. Default true. */
  jobs?: boolean;
  /** Start-up lines (creating, migrating, seeding the database, with durations). Default console.info. */
  log?: (line: string) => void;
}

export async function createPlatform({
  config,
  now,
  role = "in-process",
  jobs = true,
  log = (line) => console.info(line),
  memoryImage,
}: PlatformOptions): Promise<Platform> {
  const personalData = resolvePersonalDataKeys(config); // before the database: a bad key file stops the start
  const database = await prepareDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    seedDemo: config.seedDemo,
    log,
    memoryImage,
  });
  const clock = now ?? (() => new Date());
  const ctx: Ctx = {
    db: database.db,
    providers: createProviders(config, database.db, clock),
    site: {
      publicUrl: config.payments.publicUrl,
      transferAccount: config.payments.transfer,
      instanceRetentionDays: config.instanceRetentionDays ?? DEFAULT_INSTANCE_RETENTION_DAYS,
      noGpuHourlyFen: config.noGpuHourlyFen ?? DEFAULT_NO_GPU_HOURLY_PRICE_FEN,
      dataDiskGbMonthFen: config.dataDiskGbMonthFen ?? DEFAULT_DATA_DISK_GB_MONTH_FEN,
      settlementPartitions: config.settlementPartitions ?? settlementPartitionsFor(database.kind),
      verification: config.verification ?? VERIFICATION_LIMIT_DEFAULTS,
      sandboxSamples: config.sandbox,
    },
    personalData,
    now: clock,
  };
  await storeSeededSoftwareFiles(ctx); // the seeded tools' bytes (seed-software.ts)
  const opsKey = resolveOpsKey(config);
  const app = createHttpApp(ctx, {
    sandbox: config.sandbox,
    // With a port of its own, the public door is closed (404).
    opsKey: config.opsListen ? undefined : opsKey,
    addressing:
      role === "in-process" ? { role } : { role, trustProxy: config.trustProxy, webTierKey: config.webTierKey },
  });
  const ops = config.opsListen
    ? await listenForOperators(
        createOpsApp(ctx, { opsKey, addressing: { role: "standalone", trustProxy: config.trustProxy } }),
        config.opsListen,
      )
    : null;
  const stopJobs = jobs ? startJobs(ctx) : () => {};
  return {
    fetch: async (request) => app.fetch(request),
    ctx,
    database,
    ops,
    close: async () => {
      stopJobs();
      await ops?.close();
      return database.close();
    },
  };
}

let shared: Promise<Platform> | undefined;

/** The process's one platform, created on first use from the environment. */
export function getPlatform(role: PlatformOptions["role"] = "in-process"): Promise<Platform> {
  // In process (or in the web tier's worker) PORT is the site's; the standalone platform's PORT is its own.
  shared ??= createPlatform({
    config: loadPlatformConfig(process.env, { sitePortFromEnv: role === "in-process" }),
    role,
  }).catch((error) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
