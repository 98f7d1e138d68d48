/**
 * `npm run bench`: measures the production build on 127.0.0.1 (decision 022).
 *
 * First (section firststart, bench/first-start.ts): `npm start` on a fresh DATA_DIR three times, the time until
 * /store answers 200 each time (target: median ≤ 15 s; decision 066). Then starts `remix-serve <build>/index.js` (web tier + in-process platform) on a free port with a fresh
 * DATA_DIR, sandbox providers and production settings; logs in as the seeded demo account through the
 * login form (following the redirect as a browser does) and through POST /api/login; then runs the
 * sections named in BENCH_ONLY (default all) and prints one markdown table per section:
 *  - latency: a warm-up pass over every page and call, then each one: p50/p99 and req/s at 10 and 50 connections (autocannon), the store
 *    filtered to RTX 4090 and the market's free-GPU count by image among them;
 *  - capacity: the mixed console load (bench/capacity.ts): the largest number of virtual users held
 *    with p99 ≤ 250 ms and no error, stepping through BENCH_USERS (default 100,200,400,800,1200,1600),
 *    BENCH_STEP_SECONDS each (default 40);
 *  - js: first-load JavaScript of /store (with and without filters) and /login, gzip, against 110 KB;
 *  - lighthouse: Lighthouse mobile for /store (with and without filters), /login, a doc and /AIModels (Debian's chromium, headless);
 *  - coupons: the coupon rush (bench/coupon-rush.ts): 1,000 claims at once for 100 coupons on a throwaway
 *    PostgreSQL server (scripts/with-postgres.sh), time until all answered and p99 (target ≤ 1 s);
 *  - rentals: the release rush (bench/release-rush.ts): 1,000 GPU rentals at once for 100 free slots on a
 *    throwaway PostgreSQL server: exactly 100 instances and charges, time until all answered and p99.
 *  - settlement: the billing engine's hourly settlement (bench/settlement.ts) over 10,000 running hourly
 *    instances on PGlite and 10k / 50k / 100k on a throwaway PostgreSQL server (target: 100k ≤ 5 s).
 * Writes bench/results/latest.json and always stops the server and deletes DATA_DIR. Prints the machine's speed
 * (bench/machine-speed.ts) at the start and the end: this sandbox's CPU speed varies up to 2× within minutes.
 *
 * Environment: BENCH_ONLY (firststart,latency,capacity,js,lighthouse,coupons,rentals,settlement); BENCH_FIRST_STARTS (3); BENCH_USERS, BENCH_STEP_SECONDS; BENCH_SECONDS per run (default 5);
 * BENCH_CPU_PROF_DIR: the server runs under `node --cpu-prof` and leaves one .cpuprofile per thread there;
 * BENCH_TRACE=1 prints each capacity step second by second (requests, p99, slowest), its new connections, and where
 *   each request over 1 s spent its time (socket, connect, response headers);
 * BENCH_BUILD_DIR (default ./build; built when missing and default); BENCH_DATABASE_URL for PostgreSQL:
 *   bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL="$DATABASE_URL" npm run bench'
 *
 * Exit code 1 when a page could not be measured, a request failed, or first-load JS is over target.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CookieJar } from "./cookie-jar";
import { firstLoadJs, scriptsOnceLoaded, type PageWeight } from "./first-load-js";
import { sandboxServerEnv } from "./sandbox-server-env";
import { THREAD_MESSAGES, submitPagePath, workOrderWithThread } from "./work-order-thread";
import { instancePath, myWorkOrderDetailPath } from "../app/utils/console-paths";
import { rentDashboardInstances } from "./dashboard-instances";
import { freePort } from "./free-port";
import { capacityOf, measureCapacity, type CapacityStep } from "./capacity";
import { expect200, measureLatency, warmUpAll, type LatencyRow, type Target } from "./latency";
import { runLighthouse, type LighthouseRow } from "./lighthouse";
import { reportCapacity, reportFirstLoadJs, reportLatency, reportLighthouse } from "./report";
import { machineSpeedLine } from "./machine-speed";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HOST = "127.0.0.1";
const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 5);
// Long enough for the JIT to settle on a document route.
const WARMUP_SECONDS = Math.min(3, SECONDS);
const SECTIONS = ["firststart", "latency", "capacity", "js", "lighthouse", "coupons", "rentals", "settlement"] as const;
type Section = (typeof SECTIONS)[number];
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? SECTIONS.join(","))
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean),
);
for (const name of ONLY)
  if (!SECTIONS.includes(name as Section))
    throw new Error(`BENCH_ONLY: unknown section ${name} (${SECTIONS.join(", ")})`);
const runs = (section: Section) => ONLY.has(section);
const BUILD_DIR = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? "build");
const STARTUP_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
const DEMO = { phone: "13800000000", password: "demo1234" };
/** The server's cookie secret: the capacity section signs its users' cookies with it. */
const SESSION_SECRET = randomBytes(32).toString("hex");
/** Issue 12 §7: the compute market with a filter (one grouped query over the fleet). */
const STORE_FILTERED = "/store?type=docker&gpu=rtx4090";
const CAPACITY_USERS = (process.env.BENCH_USERS ?? "100,200,400,800,1200,1600")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const STEP_SECONDS = positiveNumber(process.env.BENCH_STEP_SECONDS, 40);

function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

// ---------------------------------------------------------------- server lifecycle

interface Server {
  child: ChildProcess;
  port: number;
  origin: string;
  dataDir: string;
  log: string[];
}

let server: Server | undefined;

function ensureBuild(): void {
  if (existsSync(path.join(BUILD_DIR, "index.js"))) return;
  if (process.env.BENCH_BUILD_DIR) throw new Error(`${BUILD_DIR}/index.js is missing`);
  console.log("build/index.js is missing: running `npm run build` …");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

/**
 * remix-serve of the build; under BENCH_CPU_PROF_DIR it runs as `node --cpu-prof` (not allowed in NODE_OPTIONS), so
 * each of its threads (the web tier and the platform worker) writes a .cpuprofile there when the server stops.
 */
function serverCommand(): [string, string[]] {
  const index = path.join(BUILD_DIR, "index.js");
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  if (!profileDir) return ["npx", ["--no", "remix-serve", index]];
  const cli = path.join(path.dirname(BUILD_DIR), "node_modules/@remix-run/serve/dist/cli.js");
  // remix-serve's SIGTERM only closes the listener (the platform's jobs keep the process alive until SIGKILL, which
  // writes no profile): exit on SIGTERM, so the profiles are written.
  const exitOnTerm = "data:text/javascript,process.once('SIGTERM',()=>process.exit(0))";
  return [
    process.execPath,
    ["--cpu-prof", "--cpu-prof-dir", path.resolve(profileDir), "--import", exitOnTerm, cli, index],
  ];
}

async function startServer(): Promise<Server> {
  const port = await freePort(HOST);
  const dataDir = mkdtempSync(path.join(tmpdir(), "gpu-cloud-bench-"));
  const log: string[] = [];
  const child = spawn(...serverCommand(), {
    // The build's own project (its node_modules and platform worker), ROOT for ./build.
    cwd: path.dirname(BUILD_DIR),
    // Its own process group, so stopping it also stops npx's children.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: sandboxServerEnv({
      port,
      host: HOST,
      dataDir,
      sessionSecret: SESSION_SECRET,
      // e.g. from scripts/with-postgres.sh; the bench seeds the demo account on whichever it uses.
      databaseUrl: process.env.BENCH_DATABASE_URL,
    }),
  });
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  server = { child, port, origin: `http://${HOST}:${port}`, dataDir, log };
  return server;
}

async function waitForHealthy(s: Server): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    checkInterrupted();
    if (s.child.exitCode !== null || s.child.signalCode !== null) {
      throw new Error(`server exited during start-up (${s.child.exitCode ?? s.child.signalCode})`);
    }
    try {
      const res = await fetch(`${s.origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`GET /healthz did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/** The server runs in its own process group (npx → sh → node); signals go to the whole group. */
function signalGroup(s: Server, signal: NodeJS.Signals | 0): boolean {
  if (s.child.pid === undefined) return false;
  try {
    process.kill(-s.child.pid, signal);
    return true;
  } catch {
    return false; // ESRCH: no process left in the group
  }
}

const groupAlive = (s: Server) => signalGroup(s, 0);

async function waitGroupGone(s: Server, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(s)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

function removeDataDir(s: Server): void {
  try {
    rmSync(s.dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (error) {
    console.error(`could not remove ${s.dataDir}: ${(error as Error).message}`);
  }
}

/**
 * Stops the whole server process group, then deletes its DATA_DIR. SIGTERM first, SIGKILL after 3 s:
 * remix-serve's SIGTERM handler waits for open keep-alive connections, and the data is thrown away anyway.
 */
async function stopServer(): Promise<void> {
  const s = server;
  server = undefined;
  if (!s) return;
  signalGroup(s, "SIGTERM");
  // Writing CPU profiles takes a while (BENCH_CPU_PROF_DIR).
  if (!(await waitGroupGone(s, process.env.BENCH_CPU_PROF_DIR ? 30_000 : 3_000))) {
    signalGroup(s, "SIGKILL");
    await waitGroupGone(s, 5_000);
  }
  // Only once no process can still write into it.
  removeDataDir(s);
}

/** Synchronous last resort when the process exits without going through stopServer (uncaught errors). */
function stopServerNow(): void {
  const s = server;
  server = undefined;
  if (!s) return;
  signalGroup(s, "SIGKILL");
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 100 && groupAlive(s); i++) Atomics.wait(pause, 0, 0, 20);
  removeDataDir(s);
}

let stopping = false;

class Interrupted extends Error {}

/** Stops the run between stages once a signal arrived, so nothing is measured or written against a dying server. */
function checkInterrupted(): void {
  if (stopping) throw new Interrupted("interrupted");
}

// `on`, not `once`: a second signal (Ctrl-C reaches the whole group, and tsx relays it again) must not
// kill this process half-way through stopping the server.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the server …`);
    void stopServer().finally(() => process.exit(130));
  });
}
process.once("exit", stopServerNow);

// ---------------------------------------------------------------- logging in

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

const FORM_TYPE = "application/x-www-form-urlencoded;charset=UTF-8";

/**
 * Logs in through the login page's form, as a browser without JavaScript would, and follows the
 * redirect once, as the browser does: that page shows the "logged in" toast and clears its cookie. The
 * Cookie header returned is what the browser then holds, so the dashboard is measured as a user
 * browses it (a toast cookie replayed on every request would render a toast every time).
 */
async function loginThroughForm(origin: string): Promise<string> {
  const jar = new CookieJar();
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": FORM_TYPE, origin },
    body: form({ intent: "password", phone: DEMO.phone, password: DEMO.password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await res.arrayBuffer();
  jar.update(res);
  if (!jar.has("gc_session")) {
    throw new Error(`POST /login answered ${res.status} without a gc_session cookie`);
  }
  const location = res.headers.get("location");
  if (location) {
    const next = await fetch(new URL(location, origin), {
      redirect: "manual",
      headers: { cookie: jar.header() },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await next.arrayBuffer();
    jar.update(next);
  }
  return jar.header();
}

/** Logs in through the main API; returns the platform token. */
async function loginThroughApi(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "content-type": FORM_TYPE },
    body: form({ phone: DEMO.phone, password: DEMO.password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let reply: { status?: unknown; reason?: unknown; data?: { token?: unknown } } | undefined;
  try {
    reply = JSON.parse(text);
  } catch {
    reply = undefined;
  }
  const token = reply?.status === 0 ? reply.data?.token : undefined;
  if (typeof token !== "string") {
    throw new Error(`POST /api/login answered ${res.status}: ${text.slice(0, 200)}`);
  }
  return token;
}

// ---------------------------------------------------------------- main

/** The id of the newest notice, read from /inform's links. */
async function firstNoticeId(origin: string): Promise<string | null> {
  const res = await fetch(`${origin}/inform`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const html = await res.text();
  return html.match(/href="\/informDetail\/([^"/?#]+)"/)?.[1] ?? null;
}

/** The first official image, for the market's free-GPU count by image (`/api/get_available_kvm_num`). */
async function firstImageId(origin: string): Promise<string | null> {
  const res = await fetch(`${origin}/api/instance/kvm/get_local_images`, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json()) as { status: number; data?: { images?: { Id: number }[] } };
  const id = body.status === 0 ? body.data?.images?.[0]?.Id : undefined;
  return id === undefined ? null : String(id);
}

/** A WeChat top-up order of the demo account, for the order-status poll's latency. */
async function demoOrder(origin: string, token: string | null): Promise<string | null> {
  if (!token) return null;
  const res = await fetch(`${origin}/api/create_qrcode`, {
    method: "POST",
    headers: { "content-type": FORM_TYPE },
    body: form({ session: token, amount: "100", pay_type: "1" }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json()) as { data?: { out_trade_no?: string } };
  return body.data?.out_trade_no ?? null;
}

/** The demo account's user id and phone (a work order about the account names it). */
async function demoAccount(origin: string, token: string): Promise<{ userId: number; phone: string }> {
  const res = await fetch(`${origin}/api/get_user_info`, {
    method: "POST",
    headers: { "content-type": FORM_TYPE },
    body: form({ session: token }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json()) as { data?: { UserId?: number; Phone?: string } };
  if (!body.data?.UserId || !body.data.Phone) throw new Error("get_user_info gave no UserId");
  return { userId: body.data.UserId, phone: body.data.Phone };
}

function latencyTargets(
  cookie: string | null,
  token: string | null,
  noticeId: string | null,
  outTradeNo: string | null,
  workOrderId: number | null,
  imageId: string | null,
  instances: string[],
): Target[] {
  const page = (p: string): Target => ({ name: p, path: p });
  const consolePage = (p: string): Target => ({
    name: p,
    path: p,
    headers: cookie ? { cookie } : undefined,
    preflight: (res) => (cookie ? expect200(res) : "skipped: no session cookie (form login failed)"),
  });
  const api = (p: string, fields: Record<string, string> = {}): Target => ({
    name: p,
    path: p,
    method: "POST",
    headers: { "content-type": FORM_TYPE },
    body: form({ session: token ?? "", ...fields }),
    preflight: (res, body) =>
      !token
        ? "skipped: no platform token (API login failed)"
        : res.status !== 200 || !body.startsWith('{"status":0')
          ? `answered ${res.status}: ${body.slice(0, 120)}`
          : null,
    verifyBody: (body) => body.startsWith('{"status":0'),
  });
  return [
    page("/store"),
    page(STORE_FILTERED),
    page("/login"),
    page("/inform"),
    noticeId
      ? page(`/informDetail/${noticeId}`)
      : { name: "/informDetail/<id>", path: "/informDetail/", preflight: () => "skipped: no notice on /inform" },
    { ...consolePage("/console/dashboard"), name: `/console/dashboard (${instances.length} instances)` },
    instances[0]
      ? { ...consolePage(instancePath(instances[0])), name: `instance page (of ${instances.length} instances)` }
      : { name: "instance page", path: "/console", preflight: () => "skipped: no instance" },
    consolePage("/console/accountInfo"),
    consolePage("/console/messages"),
    consolePage("/resources/notifications"),
    consolePage("/console/recharge"),
    api("/api/get_user_info"),
    api("/api/notifications/get_list"),
    api("/api/app/get_unread_state"),
    imageId
      ? api("/api/get_available_kvm_num", { image_id: imageId })
      : {
          name: "/api/get_available_kvm_num",
          path: "/api/get_available_kvm_num",
          preflight: () => "skipped: no image",
        },
    outTradeNo
      ? api("/api/get_order_status", { out_trade_no: outTradeNo })
      : { name: "/api/get_order_status", path: "/api/get_order_status", preflight: () => "skipped: no order" },
    {
      name: "GET /third-party/…/work-order/unread-flag",
      path: "/third-party/api/v1/work-order/unread-flag",
      headers: { authorization: `Bearer ${token ?? ""}` },
      preflight: (res, body) =>
        !token
          ? "skipped: no platform token (API login failed)"
          : res.status !== 200 || !body.startsWith('{"code":0')
            ? `answered ${res.status}: ${body.slice(0, 120)}`
            : null,
      verifyBody: (body) => body.startsWith('{"code":0'),
    },
    workOrderId
      ? { ...consolePage(myWorkOrderDetailPath(workOrderId)), name: `myWorkOrderDetail (${THREAD_MESSAGES} messages)` }
      : { name: "myWorkOrderDetail", path: "/console", preflight: () => "skipped: no work order" },
  ];
}

async function main(): Promise<void> {
  // The coupon rush and the settlement bring their own databases: no server for them alone.
  if (!(["latency", "capacity", "js", "lighthouse"] as const).some(runs)) return;
  ensureBuild();
  const s = await startServer();
  let ok = true;
  try {
    await waitForHealthy(s);
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PGlite";
    console.log(
      `server up on ${s.origin} (${database}, build ${path.relative(ROOT, BUILD_DIR) || "."}); sections: ${[...ONLY].join(", ")}`,
    );

    const notes: string[] = [];
    const cookie = await loginThroughForm(s.origin).catch((error: Error) => {
      notes.push(`form login: ${error.message}`);
      return null;
    });
    const token = await loginThroughApi(s.origin).catch((error: Error) => {
      notes.push(`api login: ${error.message}`);
      return null;
    });
    const noticeId = await firstNoticeId(s.origin).catch(() => null);
    const imageId = await firstImageId(s.origin).catch(() => null);
    const outTradeNo = await demoOrder(s.origin, token).catch((error: Error) => {
      notes.push(`create_qrcode: ${error.message}`);
      return null;
    });
    const workOrderId =
      token && runs("latency")
        ? await demoAccount(s.origin, token)
            .then((account) => workOrderWithThread(s.origin, token, account))
            .catch((error: Error) => {
              notes.push(`work order: ${error.message}`);
              return null;
            })
        : null;
    // Issue 12: the dashboard is measured with the demo account's instance list full.
    const instances =
      token && runs("latency")
        ? await rentDashboardInstances(s.origin, token).catch((error: Error) => {
            notes.push(`instances: ${error.message}`);
            return [] as string[];
          })
        : [];
    for (const note of notes) console.log(`  ! ${note}`);
    checkInterrupted();

    const latency: LatencyRow[] = [];
    if (runs("latency")) {
      const targets = latencyTargets(cookie, token, noticeId, outTradeNo, workOrderId, imageId, instances);
      console.log(`\nlatency: a ${WARMUP_SECONDS} s warm-up pass over all ${targets.length} targets, then each one …`);
      await warmUpAll(s.origin, targets, WARMUP_SECONDS, checkInterrupted);
      console.log(`latency: ${SECONDS} s per run, after a ${WARMUP_SECONDS} s warm-up`);
      for (const target of targets) {
        checkInterrupted();
        process.stdout.write(`  ${target.name} … `);
        const row = await measureLatency(s.origin, target, {
          seconds: SECONDS,
          warmUpSeconds: WARMUP_SECONDS,
          onStep: checkInterrupted,
        });
        latency.push(row);
        console.log(
          row.skipped ?? row.runs.map((r) => `${r.connections}c ${Math.round(r.reqPerSec)} req/s`).join(", "),
        );
      }
    }
    let capacity: CapacityStep[] = [];
    if (runs("capacity")) {
      console.log(`\ncapacity: mixed console load, ${STEP_SECONDS} s per step`);
      capacity = await measureCapacity(
        {
          origin: s.origin,
          sessionSecret: SESSION_SECRET,
          steps: CAPACITY_USERS,
          stepSeconds: STEP_SECONDS,
          onStep: checkInterrupted,
        },
        (line) => process.stdout.write(line),
      );
    }
    checkInterrupted();
    let js: PageWeight[] = [];
    if (runs("js")) {
      js = [
        await firstLoadJs(s.origin, "/store"),
        await firstLoadJs(s.origin, STORE_FILTERED),
        await firstLoadJs(s.origin, "/login"),
      ];
      // Issue 11: the work-order form's first load (a plain textarea), and all it has loaded once the
      // markdown editor, fetched after the page is usable, has come.
      const submit = cookie && token ? await submitPagePath(s.origin, token).catch(() => null) : null;
      if (cookie && submit) {
        js.push({ ...(await firstLoadJs(s.origin, submit, cookie)), page: "work-order submit (first load)" });
        js.push(
          await scriptsOnceLoaded(s.origin, submit, "work-order submit (editor loaded)", {
            cookie,
            readySelector: '[data-testid="markdown-editor"]',
          }),
        );
      } else notes.push("work-order submit page: no session or no question about the account");
    }
    checkInterrupted();
    let lh: LighthouseRow[] = [];
    if (runs("lighthouse")) {
      console.log("\nlighthouse mobile …");
      lh = await runLighthouse(s.origin, ["/store", STORE_FILTERED, "/login", "/docs/billing-modes", "/AIModels"]);
    }
    checkInterrupted();

    if (runs("latency")) ok = reportLatency(latency) && ok;
    if (runs("capacity")) ok = reportCapacity(capacity, capacityOf(capacity)) && ok;
    if (runs("js")) ok = reportFirstLoadJs(js) && ok;
    if (runs("lighthouse")) ok = reportLighthouse(lh) && ok;
    if (s.child.exitCode !== null || s.child.signalCode !== null) {
      ok = false;
      console.log(`\n! the server exited during the bench (${s.child.exitCode ?? s.child.signalCode})`);
      console.log(`--- server output (last ${Math.min(40, s.log.length)} lines) ---\n${s.log.slice(-40).join("\n")}`);
    }
    const out = path.join(ROOT, "bench/results/latest.json");
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          node: process.version,
          database: process.env.BENCH_DATABASE_URL ? "postgresql" : "pglite",
          build: BUILD_DIR,
          secondsPerRun: SECONDS,
          notes,
          latency,
          capacity: { users: capacityOf(capacity), steps: capacity },
          firstLoadJs: js,
          lighthouse: lh,
          ok,
        },
        null,
        2,
      )}\n`,
    );
    console.log(
      `\nresults written to ${path.relative(ROOT, out)}${ok ? "" : " — something failed or was not measured"}`,
    );
    if (!ok) process.exitCode = 1;
  } catch (error) {
    if (error instanceof Interrupted) return;
    console.error(`\nbench failed: ${(error as Error).message}`);
    if (s.log.length)
      console.error(`--- server output (last ${Math.min(40, s.log.length)} lines) ---\n${s.log.slice(-40).join("\n")}`);
    process.exitCode = 1;
  } finally {
    await stopServer();
  }
}

/** The coupon rush runs on its own PostgreSQL server and platform, after the main server has stopped. */
function couponRush(): void {
  if (!runs("coupons") || stopping) return;
  console.log("\ncoupon rush (own PostgreSQL server) …");
  const rush = spawnSync("bash", ["scripts/with-postgres.sh", "npx", "tsx", "bench/coupon-rush.ts"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (rush.status !== 0) process.exitCode = 1;
}

/** The release rush, like the coupon rush: its own PostgreSQL server and platform, after the main server has stopped. */
function releaseRush(): void {
  if (!runs("rentals") || stopping) return;
  console.log("\nrelease rush (own PostgreSQL server) …");
  const rush = spawnSync("bash", ["scripts/with-postgres.sh", "npx", "tsx", "bench/release-rush.ts"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (rush.status !== 0) process.exitCode = 1;
}

/** The settlement runs on its own databases (PGlite in memory, then a throwaway PostgreSQL server). */
function settlement(): void {
  if (!runs("settlement") || stopping) return;
  console.log("\nsettlement (PGlite, then own PostgreSQL server) …");
  const pglite = spawnSync("npx", ["tsx", "bench/settlement.ts"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: "", BENCH_DATABASE_URL: "" },
  });
  const postgres = spawnSync("bash", ["scripts/with-postgres.sh", "npx", "tsx", "bench/settlement.ts"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, BENCH_DATABASE_URL: "" },
  });
  if (pglite.status !== 0 || postgres.status !== 0) process.exitCode = 1;
}

/** The first start: the built server on fresh data directories, before anything else runs (bench/first-start.ts). */
function firstStart(): void {
  if (!runs("firststart") || stopping) return;
  ensureBuild();
  const result = spawnSync("npx", ["tsx", "bench/first-start.ts"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: "", BENCH_DATABASE_URL: "" },
  });
  if (result.status !== 0) process.exitCode = 1;
}

console.log(machineSpeedLine("at the start"));
firstStart();
await main();
couponRush();
releaseRush();
settlement();
console.log(`\n${machineSpeedLine("at the end")}`);
