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
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
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

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HOST = "127.0.0.1";
const CLAIMS = Number(process.env.RUSH_CLAIMS ?? 1000);
const COUPONS = Number(process.env.RUSH_COUPONS ?? 100);
const P99_TARGET_MS = 1000;

/** A process's CPU time so far (user + system), in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time so far of every PostgreSQL process on this machine (the server and its backends), in ms. */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.split(") ")[1]!.split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("coupon-rush: PostgreSQL only: bash scripts/with-postgres.sh npx tsx bench/coupon-rush.ts");
  process.exit(64);
}

/** The body of a whole HTTP/1.1 response (Content-Length or chunked). */
function httpBody(response: string): string {
  const split = response.indexOf("\r\n\r\n");
  if (split < 0) throw new Error(`not an HTTP response: ${response.slice(0, 80)}`);
  const head = response.slice(0, split).toLowerCase();
  let body = response.slice(split + 4);
  if (!head.includes("transfer-encoding: chunked")) return body;
  let decoded = "";
  for (;;) {
    const line = body.indexOf("\r\n");
    const size = parseInt(body.slice(0, line), 16);
    if (!size) return decoded;
    decoded += body.slice(line + 2, line + 2 + size);
    body = body.slice(line + 2 + size + 2);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function waitForHealth(base: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the platform did not start");
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
  const claimRequest = (groupId: number, token: string) => {
    const body = new URLSearchParams({ session: token, group_id: String(groupId) }).toString();
    return Buffer.from(
      `POST /api/assign_to_user HTTP/1.1\r\nHost: ${HOST}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
  const claim = (requestBytes: Buffer) =>
    new Promise<{ ms: number; outcome: string }>((resolve, reject) => {
      const started = performance.now();
      const chunks: Buffer[] = [];
      const socket = connect(port, HOST, () => socket.write(requestBytes));
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const ms = performance.now() - started;
        try {
          const reply = JSON.parse(httpBody(Buffer.concat(chunks).toString("utf8"))) as {
            status: number;
            key?: string;
          };
          resolve({ ms, outcome: reply.status === 0 ? "claimed" : (reply.key ?? `status ${reply.status}`) });
        } catch (error) {
          reject(error);
        }
      });
    });
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
