/**
 * The billing settlement (issue 12 §7): one run of `settleUsage` over N
 * running hourly instances (10 per account, half the accounts with vouchers,
 * mixed GPU counts, prices and membership discounts), timed per size, on
 * PostgreSQL (DATABASE_URL or BENCH_DATABASE_URL) or in-memory PGlite.
 *
 *   bash scripts/with-postgres.sh npx tsx bench/settlement.ts      # 10k / 50k / 100k
 *   npx tsx bench/settlement.ts                                     # PGlite: 10k
 *
 * SETTLE_SIZES overrides the sizes (comma-separated); SETTLE_PARTITIONS the
 * statements run at once (default as the job: 2 on PostgreSQL, 1 on PGlite,
 * decision 053); SETTLE_EXPLAIN=1 prints
 * the plan instead. Each size gets its own instances and accounts; the previous
 * size's are stopped first, so every run settles exactly N. Each size is timed
 * twice: the fleet's first hour, then its next hour (the steady state, every
 * row settled an hour before). Checks every instance got one settlement per
 * hour and prints seconds per size and per 100k. Exit code 1 when 100k take more than 5 s
 * (PostgreSQL) or a check fails.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../platform/db/client";
import { migrateDatabase } from "../platform/db/migrate";
import { seedDatabase } from "../platform/db/seed";
import { rowsOf } from "../platform/modules/finance/rows";
import { settlementPartitionsFor, settlementStatement, settleUsage } from "../platform/modules/billing/settle";
import { machineSpeedLine } from "./machine-speed";

const HOUR_MS = 3_600_000;
const PER_ACCOUNT = 10;
const TARGET_SECONDS_100K = 5;

const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
const kind = databaseUrl ? "postgresql" : "pglite";
const sizes = (process.env.SETTLE_SIZES ?? (databaseUrl ? "10000,50000,100000" : "10000"))
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);

const database = await openDatabase({ databaseUrl, dataDir: "memory://" });
await migrateDatabase(database);
await seedDatabase(database, { demo: false });
const { db } = database;
/** As the billing job does (BILLING_SETTLEMENT_PARTITIONS unset), unless SETTLE_PARTITIONS says otherwise. */
const PARTS = Number(process.env.SETTLE_PARTITIONS ?? settlementPartitionsFor(database.kind));

const [host] = await rowsOf<{ id: unknown; gpu_model_id: unknown }>(
  db,
  sql`select id, gpu_model_id from hosts where machine_type = 'docker' order by id limit 1`,
);
const [image] = await rowsOf<{ id: unknown }>(db, sql`select id from images order by id limit 1`);
if (!host || !image) throw new Error("the market seed is missing");

/** N running hourly instances of N/10 new accounts, billed until `from`; returns their id range. */
async function makeFleet(run: number, n: number, from: Date) {
  const accounts = Math.ceil(n / PER_ACCOUNT);
  const [range] = await rowsOf<{ lo: unknown; hi: unknown }>(
    db,
    sql`with made as (
          insert into users (phone, password_hash, nickname, money_fen, power_money_fen, credit_quota_fen)
          select '16' || lpad(${run}::text, 2, '0') || lpad(g::text, 7, '0'), '-', 'bench', 1000000,
                 case when g % 2 = 0 then 2000 else 0 end, 10000
          from generate_series(1, ${accounts}::int) g
          returning id)
        select min(id) as lo, max(id) as hi from made`,
  );
  const lo = Number(range!.lo);
  await db.execute(sql`
    insert into instances (uuid, name, user_id, host_id, machine_type, gpu_model_id, gpu_count, image_id,
      data_disk_gb, billing_mode, unit_price_fen, duration_discount_bp, vip_discount_bp, state, gpu_held,
      billed_until, ssh_port, ssh_password, jupyter_token, operation_key, created_at, state_changed_at)
    select 'i-b' || ${run} || '-' || g, 'bench-' || g, ${lo}::bigint + (g - 1) / ${PER_ACCOUNT}, ${Number(host.id)},
      'docker', ${Number(host.gpu_model_id)}, 1 + g % 4, ${Number(image.id)}, 50, 'hour',
      (array[198, 228, 138, 588])[1 + g % 4], 10000, (array[10000, 9800, 9600, 9400])[1 + (g / 7) % 4],
      'running', true, ${from.toISOString()}::timestamptz, 20000 + g % 40000, 'pw', 'tk', 'bench-' || ${run} || '-' || g,
      ${from.toISOString()}::timestamptz, ${from.toISOString()}::timestamptz
    from generate_series(1, ${n}::int) g`);
  // As in production, where the rows are old: hint bits set, statistics current, nothing dirty to flush.
  await db.execute(sql`vacuum analyze instances`);
  await db.execute(sql`vacuum analyze users`);
  if (databaseUrl) await db.execute(sql`checkpoint`);
}

console.log(machineSpeedLine("before"));
console.log(
  `settlement bench on ${kind} (${PARTS} statement${PARTS === 1 ? "" : "s"} at once): ${sizes.map((n) => n.toLocaleString("en")).join(" / ")} instances`,
);
const results: { size: number; first: number; next: number }[] = [];

async function timed(run: () => ReturnType<typeof settleUsage>) {
  const started = performance.now();
  const result = await run();
  return { result, seconds: (performance.now() - started) / 1000 };
}
let ok = true;
const base = new Date("2026-01-01T00:00:00.000Z").getTime();
for (const [run, size] of sizes.entries()) {
  // The previous run's instances stop, so this run settles exactly `size`.
  await db.execute(sql`update instances set state = 'stopped' where state = 'running'`);
  const from = new Date(base + run * 10 * HOUR_MS);
  if (process.env.SETTLE_EXPLAIN) await makeFleet(run, size, from);
  if (process.env.SETTLE_EXPLAIN) {
    await db.execute(sql`set jit = off`);
    await db.execute(sql`set work_mem = '64MB'`);
    const plan = await rowsOf<Record<string, string>>(
      db,
      sql`explain (analyze, costs off, timing on) ${settlementStatement({ upTo: new Date(from.getTime() + HOUR_MS) })}`,
    );
    console.log(plan.map((r) => Object.values(r)[0]).join("\n"));
    continue;
  }
  await makeFleet(run, size, from);
  // The first hour of a new fleet, then the next hour (the steady state: every row was settled an hour ago).
  const first = await timed(() => settleUsage(db, { upTo: new Date(from.getTime() + HOUR_MS), partitions: PARTS }));
  // An hour passes: autovacuum has visited the tables the settlement changed (it does after 20 % of a table changes).
  for (const table of ["instances", "users", "instance_settlements", "ledger_entries"])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  if (databaseUrl) await db.execute(sql`checkpoint`);
  const next = await timed(() => settleUsage(db, { upTo: new Date(from.getTime() + 2 * HOUR_MS), partitions: PARTS }));
  results.push({ size, first: first.seconds, next: next.seconds });
  for (const [label, run] of [
    ["first hour", first],
    ["next hour", next],
  ] as const) {
    if (run.result.settlements !== size) {
      ok = false;
      console.log(`! ${size} (${label}): ${run.result.settlements} settlements, expected ${size}`);
    }
    console.log(
      `  ${size.toLocaleString("en").padStart(7)} instances, ${label}: ${run.seconds.toFixed(2)} s` +
        ` (${((run.seconds / size) * 100_000).toFixed(2)} s per 100k; charged ¥${(run.result.chargedFen / 100).toFixed(2)},` +
        ` vouchers ¥${(run.result.voucherFen / 100).toFixed(2)})`,
    );
  }
}
const [dupes] = await rowsOf<{ n: unknown }>(
  db,
  sql`select count(*) as n from (select instance_id from instance_settlements group by instance_id, period_start having count(*) > 1) d`,
);
if (Number(dupes!.n) !== 0) {
  ok = false;
  console.log(`! ${String(dupes!.n)} periods charged twice`);
}
const big = results.find((r) => r.size === 100_000);
if (kind === "postgresql" && big && Math.max(big.first, big.next) > TARGET_SECONDS_100K) {
  ok = false;
  console.log(
    `! 100,000 instances took ${Math.max(big.first, big.next).toFixed(2)} s (target ≤ ${TARGET_SECONDS_100K} s)`,
  );
}
console.log(
  `\n| database | instances | first hour (s) | next hour (s) |\n| --- | ---: | ---: | ---: |\n${results
    .map((r) => `| ${kind} | ${r.size.toLocaleString("en")} | ${r.first.toFixed(2)} | ${r.next.toFixed(2)} |`)
    .join("\n")}`,
);
console.log(machineSpeedLine("after"));
await database.close();
if (!ok) process.exitCode = 1;
