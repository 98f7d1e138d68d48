import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { sendQueriesInOneTrip } from "./pglite-one-trip";
import { schema as coreSchema } from "./schema";
import { walletSchema } from "./wallet-schema";
import { workOrderSchema } from "./work-order-schema";
import { marketSchema } from "./market-schema";
import { deliverySchema } from "./delivery-schema";
import { contentSchema } from "./content-schema";
import { refundSchema } from "./refund-schema";
import { timelineSchema } from "./timeline-schema";
import { diskSchema } from "./disk-schema";
import { pluginsSchema } from "./plugins-schema";
import { scheduleSchema } from "./schedule-schema";
import { hostSchema } from "./host-schema";
import { imagesSchema } from "./images-schema";
import { gpuNoticeSchema } from "./gpu-notice-schema";
import { downgradeSchema } from "./downgrade-schema";
import { identitySandboxSchema } from "./identity-sandbox-schema";
import { verificationSchema } from "./verification-schema";
import { accountSecuritySchema } from "./account-security-schema";
import { idfaceSchema } from "./idface-schema";
import { studentSchema } from "./student-schema";
import { twoStepSchema } from "./two-step-schema";
import { subAccountBudgetSchema } from "./sub-account-budget-schema";
import { pointsSchema } from "./points-schema";
import { pointsStoreSchema } from "./points-store-schema";
import { raffleSchema } from "./raffle-schema";
import { partnerSchema } from "./partner-schema";
import { invoiceSchema } from "./invoice-schema";
import { openApiSchema } from "./open-api-schema";
import { wechatSchema } from "./wechat-schema";

const schema = {
  ...coreSchema,
  ...walletSchema,
  ...workOrderSchema,
  ...marketSchema,
  ...deliverySchema,
  ...contentSchema,
  ...refundSchema,
  ...timelineSchema,
  ...diskSchema,
  ...pluginsSchema,
  ...scheduleSchema,
  ...hostSchema,
  ...imagesSchema,
  ...gpuNoticeSchema,
  ...downgradeSchema,
  ...identitySandboxSchema,
  ...verificationSchema,
  ...accountSecuritySchema,
  ...idfaceSchema,
  ...studentSchema,
  ...twoStepSchema,
  ...subAccountBudgetSchema,
  ...pointsSchema,
  ...pointsStoreSchema,
  ...raffleSchema,
  ...partnerSchema,
  ...invoiceSchema,
  ...openApiSchema,
  ...wechatSchema,
};

export type Schema = typeof schema;
/** The database handle modules receive: a pool, an embedded PGlite, or a transaction on either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `fn` while holding a cluster-wide lock (migrations, seeding). */
  withExclusiveLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when set PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory; "memory://" for an in-memory database. */
  dataDir: string;
  /**
   * An in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster: the test run's migrated
   * database, made once per run (tests/support/database-template.global.ts, decision 120). Ignored otherwise.
   */
  memoryImage?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.memoryImage);
}

/** Where PGlite keeps its files under DATA_DIR; "memory://" for an in-memory database. */
export function pgliteDirectory(dataDir: string): string {
  return dataDir === "memory://" || dataDir === "" ? "memory://" : path.resolve(dataDir, "pglite");
}

async function openPglite(dataDir: string, memoryImage?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const directory = pgliteDirectory(dataDir);
  const inMemory = directory === "memory://";
  if (!inMemory) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = !inMemory
    ? new PGlite(directory)
    : memoryImage
      ? new PGlite({ loadDataDir: memoryImage })
      : new PGlite();
  await client.waitReady;
  sendQueriesInOneTrip(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // PGlite is single-connection and in-process: nothing else can interleave.
    withExclusiveLock: (_key, fn) => fn(db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // bigint columns are declared mode "number"; keep COUNT(*) and SUM() as numbers too.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  pg.default.types.setTypeParser(1700, (v: string) => Number(v));
  const pool = new pg.default.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    options: "-c plan_cache_mode=force_generic_plan",
  });
  // An idle client losing its connection (a database restart or failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on("error", (error) => console.error("[platform] idle PostgreSQL connection lost:", error.message));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async withExclusiveLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        try {
          return await fn(drizzle(client, { schema }) as unknown as Db);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** True when the database answers a trivial query. */
export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
