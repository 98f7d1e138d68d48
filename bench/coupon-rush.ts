/**
 * The coupon rush (issue 10 §7): 1,000 claims at once for 100 coupons, against
 * the platform's HTTP API on PostgreSQL. Reports the time until every claim is
 * answered and the p50/p99 of the answers, and checks the outcome: exactly 100
 * coupons, RemainNum 0, 900 answers 优惠券已抢光, nobody holding two.
 *
 *   bash scripts/with-postgres.sh npx tsx bench/coupon-rush.ts
 *
 * Starts the platform alone (`platform/main.ts`, sandbox providers) on a free
 * port of 127.0.0.1 against DATABASE_URL, makes 1,000 accounts and sessions
 * directly in the database (no SMS), and sends all the claims over HTTP at once. Environment: RUSH_CLAIMS (default 1000), RUSH_COUPONS
 * (default 100), PG_POOL_MAX for the platform's pool (default 10), RUSH_CPU_PROF_DIR to write the platform's
 * CPU profile there (node --cpu-prof). The CPU time the platform, PostgreSQL and this client spent during the
 * rush (user + system, from /proc) is reported too: on two cores, half their sum is a floor for "all answered",
 * and it moves much less than the latencies when other work shares the machine.
 * Exit code 1 when the outcome is wrong or p99 is over 1 s.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count, eq } from "drizzle-orm";
import { openDatabase } from "../platform/db/client";
import { migrateDatabase } from "../platform/db/migrate";
import { sessions, users } from "../platform/db/schema";
import { couponGroups, userCoupons } from "../platform/db/wallet-schema";
import { hashToken, SESSION_ABSOLUTE_MS } from "../platform/modules/accounts/sessions";
import { freePort } from "./free-port";
import { sandboxServerEnv } from "./sandbox-server-env";
import { formPostBytes, percentile, postgresCpuMs, processCpuMs, sendOnce, waitForHealth } from "./rush-support";
import { machineSpeedLine } from "./machine-speed";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HOST = "127.0.0.1";
const CLAIMS = Number(process.env.RUSH_CLAIMS ?? 1000);
const COUPONS = Number(process.env.RUSH_COUPONS ?? 100);
const P99_TARGET_MS = 1000;

const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("coupon-rush: PostgreSQL only: bash scripts/with-postgres.sh npx tsx bench/coupon-rush.ts");
  process.exit(64);
}

const database = await openDatabase({ databaseUrl, dataDir: "memory://" });
await migrateDatabase(database);
const { db } = database;

// Accounts and sessions straight into the database: the rush is about claims, not registration.
const now = new Date();
const phones = Array.from(
  { length: CLAIMS },
  (_, i) => `170${String(Date.now() % 1e4).padStart(4, "0")}${String(i).padStart(4, "0")}`,
);
const accounts = await db
  .insert(users)
  .values(phones.map((phone) => ({ phone, passwordHash: "-", nickname: "rush" })))
  .returning({ id: users.id });
const tokens = accounts.map(() => randomBytes(32).toString("base64url"));
await db.insert(sessions).values(
  accounts.map((a, i) => ({
    tokenHash: hashToken(tokens[i]!),
    userId: a.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  })),
);
/** A coupon group of COUPONS coupons, open now. */
async function createGroup(name: string): Promise<number> {
  const [created] = await db
    .insert(couponGroups)
    .values({
      name,
      type: 0,
      amountFen: 1_00,
      beginAt: new Date(now.getTime() - 60_000),
      endAt: new Date(now.getTime() + 86_400_000),
      totalNum: COUPONS,
      remainNum: COUPONS,
    })
    .returning({ id: couponGroups.id });
  return created!.id;
}
// The warm-up rush claims from its own group, so the measured rush meets a server whose code paths are already
// compiled, as a server that has been running does; the measured group starts untouched.
const warmUpGroupId = await createGroup("抢券压测（预热）");
const groupId = await createGroup("抢券压测");

const port = await freePort(HOST);
const base = `http://${HOST}:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "coupon-rush-"));
const profiling = process.env.RUSH_CPU_PROF_DIR ? ["--cpu-prof", "--cpu-prof-dir", process.env.RUSH_CPU_PROF_DIR] : [];
const server = spawn(process.execPath, [...profiling, "--import", "tsx", "platform/main.ts"], {
  cwd: ROOT,
  env: {
    ...sandboxServerEnv({ port, host: HOST, dataDir, sessionSecret: "-", databaseUrl }),
    NODE_ENV: "production",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

let exitCode = 0;
try {
  await waitForHealth(base);
  // One connection per claim, as a thousand browsers would open. The client writes each claim's request bytes,
  // built before the clock starts, on a plain TCP socket and reads the answer until the server closes: it shares
  // the machine's two cores with the platform and PostgreSQL, so it does as little as a load generator can
  // (node:http cost it about twice the CPU; its CPU time is reported).
  const claimRequest = (groupId: number, token: string) =>
    formPostBytes(HOST, port, "/api/assign_to_user", { session: token, group_id: String(groupId) });
  const claim = (requestBytes: Buffer) => sendOnce(HOST, port, requestBytes, "claimed");
  await Promise.all(tokens.map((token) => claim(claimRequest(warmUpGroupId, token))));
  const requests = tokens.map((token) => claimRequest(groupId, token));
  const cpuBefore = processCpuMs(server.pid!);
  const clientCpuBefore = process.cpuUsage();
  const postgresCpuBefore = postgresCpuMs();
  const started = performance.now();
  const answers = await Promise.all(requests.map(claim));
  const allAnsweredMs = performance.now() - started;
  const platformCpuMs = processCpuMs(server.pid!) - cpuBefore;
  const postgresCpu = postgresCpuMs() - postgresCpuBefore;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuMs = Math.round((clientCpu.user + clientCpu.system) / 1000);

  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const outcomes: Record<string, number> = {};
  for (const a of answers) outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
  const [left] = await db
    .select({ remain: couponGroups.remainNum })
    .from(couponGroups)
    .where(eq(couponGroups.id, groupId));
  const holders = await db
    .select({ userId: userCoupons.userId, n: count() })
    .from(userCoupons)
    .where(eq(userCoupons.groupId, groupId))
    .groupBy(userCoupons.userId);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);

  console.log(`\n${machineSpeedLine("after the rush")}`);
  console.log(`\n### Coupon rush (PostgreSQL, platform pool ${process.env.PG_POOL_MAX ?? 10})\n`);
  console.log(
    "| claims | coupons | all answered | p50 | p99 | max | platform CPU | PostgreSQL CPU | client CPU | claimed | sold out | other | RemainNum after | holders |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const other = CLAIMS - (outcomes.claimed ?? 0) - (outcomes.COUPON_SOLD_OUT ?? 0);
  console.log(
    `| ${CLAIMS} | ${COUPONS} | ${allAnsweredMs.toFixed(0)} ms | ${p50.toFixed(0)} ms | ${p99.toFixed(0)} ms | ${latencies.at(-1)!.toFixed(0)} ms | ${platformCpuMs} ms | ${postgresCpu} ms | ${clientCpuMs} ms | ${outcomes.claimed ?? 0} | ${outcomes.COUPON_SOLD_OUT ?? 0} | ${other} | ${left!.remain} | ${holders.length} |`,
  );
  const correct =
    outcomes.claimed === COUPONS &&
    outcomes.COUPON_SOLD_OUT === CLAIMS - COUPONS &&
    left!.remain === 0 &&
    holders.length === COUPONS &&
    holders.every((h) => Number(h.n) === 1);
  if (!correct) {
    console.error("coupon-rush: wrong outcome", outcomes);
    exitCode = 1;
  }
  if (p99 > P99_TARGET_MS) {
    console.error(`coupon-rush: p99 ${p99.toFixed(0)} ms is over ${P99_TARGET_MS} ms`);
    exitCode = 1;
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
