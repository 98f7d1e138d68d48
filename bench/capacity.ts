/**
 * The mixed console load (decision 022): N virtual users, each signed in as its own account, each
 * polling the notification centre every 10 s (GET /resources/notifications, as the bar does), and
 * opening a console page every 30 s (dashboard, accountInfo, messages in turn) together with the
 * unread state (POST /api/app/get_unread_state), with random phases so users do not fire in lock-step.
 * One user in twenty is paying (issue 10 §7): it made a WeChat top-up order and polls its status every
 * 2 s as the payment panel does (GET /resources/order-status/<out_trade_no>).
 * One user in twenty-five (never a payer) rents (issue 12 §7): it topped up ¥100 in the sandbox and runs one
 * hourly one-GPU instance, so its dashboard lists it and the billing jobs settle it; the seeded fleet's
 * container GPUs bound how many (the step's line says how many users hold one).
 * N steps up; each step runs for BENCH_STEP_SECONDS and reports p50/p99/errors/req/s. The capacity is
 * the largest N whose p99 ≤ 250 ms with no error.
 *
 * Accounts are registered through the public flow (SMS code read from the sandbox outbox, then
 * /api/register), so the same bench runs against older builds; the web cookie is signed with the
 * server's SESSION_SECRET through the site's own cookie definition.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { randomInt } from "node:crypto";
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from "../app/utils/session-constants";
import { siteCookie } from "../app/utils/site-cookie.server";
import { rentDashboardInstances } from "./dashboard-instances";

export const CAPACITY_P99_MS = 250;
const POLL_MS = 10_000;
/** Spec §9: a paying user's panel polls the order every 2 s. */
const PAY_POLL_MS = 2_000;
/** One virtual user in this many is paying. */
const PAYER_EVERY = 20;
/** One virtual user in this many (offset from the payers) holds a running hourly instance. */
const RENTER_EVERY = 25;
const RENTER_OFFSET = 10;
const PAGE_MS = 30_000;
const CONSOLE_PAGES = ["/console/dashboard", "/console/accountInfo", "/console/messages"];
const FORM_TYPE = "application/x-www-form-urlencoded;charset=UTF-8";
const PASSWORD = "benchPass1234";

export interface CapacityStep {
  users: number;
  requests: number;
  errors: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time of this load generator as a share of one core during the step. */
  generatorCpu: number;
  /** CPU time the hypervisor gave to other guests while this machine wanted it ("steal"), as a share of one core. */
  stealCpu: number;
  /**
   * Connections the load generator had to open during the step. Node 20 accepts one connection per event-loop
   * turn (libuv#3696), so on a busy server new connections wait in the listen queue (decision 022).
   */
  newConnections: number;
  holds: boolean;
  failures: string[];
}

interface VirtualUser {
  cookie: string;
  token: string;
  /** A paying user's top-up order, polled every 2 s. */
  outTradeNo: string | null;
  /** Whether it holds a running instance (its dashboard lists it). */
  rents: boolean;
}

export interface CapacityOptions {
  origin: string;
  sessionSecret: string;
  steps: number[];
  stepSeconds: number;
  onStep?: () => void;
}

/**
 * Keep-alive as a browser does it. The server closes a connection idle for 5 s and says so
 * (`Keep-Alive: timeout=5`); Node's agent heeds that hint only when it has a timeout of its own,
 * and without it reused sockets the server was closing at that moment (read ECONNRESET, counted
 * as errors). A browser retries such a request on a new connection; this agent closes idle
 * sockets a second before the server does.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 60_000 });

function request(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; phases: RequestPhases }> {
  const phases: RequestPhases = { socket: -1, connect: -1, headers: -1, reused: false };
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, origin),
      { method: init.method ?? "GET", headers: init.headers, agent },
      (res) => {
        phases.headers = performance.now() - t0;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), phases }),
        );
        res.on("error", reject);
      },
    );
    req.on("socket", (socket) => {
      phases.socket = performance.now() - t0;
      phases.reused = req.reusedSocket;
      if (!req.reusedSocket && socket.connecting)
        socket.once("connect", () => (phases.connect = performance.now() - t0));
    });
    req.setTimeout(15_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(init.body);
  });
}

/** When a request got its socket, connected (a new socket) and had its response headers, in ms after it was made. */
interface RequestPhases {
  socket: number;
  connect: number;
  headers: number;
  reused: boolean;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A fresh CAPTCHA answered with its image code, read from the sandbox. */
async function sandboxCaptcha(origin: string): Promise<{ captcha_id: string; captcha_code: string }> {
  const challenge = await request(origin, "/api/auth/get_captcha", {
    method: "POST",
    headers: { "content-type": FORM_TYPE },
  });
  const id = (JSON.parse(challenge.body) as { data: { captcha_id: string } }).data.captcha_id;
  const answer = await request(origin, `/sandbox/captcha.json?id=${encodeURIComponent(id)}`);
  return { captcha_id: id, captcha_code: (JSON.parse(answer.body) as { code: string }).code };
}

/**
 * Phone numbers for this run's accounts: 137 and eight digits counting up from a random start, so no two of a run
 * are the same (random numbers alone repeat within a run of 2,000 accounts about two times in a hundred, and the
 * repeated one was refused as sent too soon, failing the run).
 */
let phoneCounter = randomInt(0, 100_000_000);
const nextPhone = () => `137${String(phoneCounter++ % 100_000_000).padStart(8, "0")}`;

/** Registers a fresh personal account through the public flow; answers its platform token. */
async function registerUser(origin: string): Promise<string> {
  const phone = nextPhone();
  const post = (path: string, fields: Record<string, string>) =>
    request(origin, `/api${path}`, { method: "POST", headers: { "content-type": FORM_TYPE }, body: form(fields) });
  let sent = await post("/auth/send_verify_code", { phone, purpose: "register" });
  // Thousands of registrations an hour pass the site's SMS budget: the CAPTCHA is then asked of everyone
  // (decision 025), and the bench answers it as a sandbox client (older builds never ask).
  if (sent.body.includes('"key":"CAPTCHA_REQUIRED"'))
    sent = await post("/auth/send_verify_code", { phone, purpose: "register", ...(await sandboxCaptcha(origin)) });
  if (!sent.body.startsWith('{"status":0')) throw new Error(`send_verify_code: ${sent.body.slice(0, 160)}`);
  const outbox = await request(origin, `/sandbox/sms.json?phone=${phone}`);
  const code = (JSON.parse(outbox.body) as { code: string }[])[0]?.code;
  if (!code) throw new Error(`no SMS code for ${phone}`);
  const registered = await post("/register", { phone, code, password: PASSWORD, agree: "1" });
  const token = (JSON.parse(registered.body) as { data?: { token?: string } }).data?.token;
  if (typeof token !== "string") throw new Error(`register: ${registered.body.slice(0, 160)}`);
  return token;
}

/** A WeChat top-up order of ¥100 for a paying user: its out_trade_no. */
async function createOrder(origin: string, token: string): Promise<string> {
  const created = await request(origin, "/api/create_qrcode", {
    method: "POST",
    headers: { "content-type": FORM_TYPE },
    body: form({ session: token, amount: "100", pay_type: "1" }),
  });
  const outTradeNo = (JSON.parse(created.body) as { data?: { out_trade_no?: string } }).data?.out_trade_no;
  if (typeof outTradeNo !== "string") throw new Error(`create_qrcode: ${created.body.slice(0, 160)}`);
  return outTradeNo;
}

/**
 * A renting user: a ¥100 WeChat order confirmed on the sandbox payment page, then one hourly one-GPU
 * instance through the main API. False when that fails (a build before issue 12, or no free GPU).
 */
async function rentOne(origin: string, token: string): Promise<boolean> {
  try {
    const outTradeNo = await createOrder(origin, token);
    const paid = await request(origin, `/sandbox/pay/${outTradeNo}`, {
      method: "POST",
      headers: { "content-type": FORM_TYPE },
      body: form({ action: "confirm" }),
    });
    if (paid.status >= 400) return false;
    return (await rentDashboardInstances(origin, token, 1, "bench-capacity")).length === 1;
  } catch {
    return false;
  }
}

async function makeUsers(origin: string, secret: string, count: number, firstIndex: number): Promise<VirtualUser[]> {
  const cookie = siteCookie(SESSION_COOKIE_NAME, { secrets: [secret], maxAge: SESSION_MAX_AGE_SECONDS });
  const users: VirtualUser[] = [];
  // A few at a time: registration hashes a password (argon2) on the server.
  for (let i = 0; i < count; i += 8) {
    const tokens = await Promise.all(Array.from({ length: Math.min(8, count - i) }, () => registerUser(origin)));
    for (const token of tokens) {
      const header = await cookie.serialize(token);
      const index = firstIndex + users.length;
      const paying = index % PAYER_EVERY === 0;
      users.push({
        token,
        cookie: header.slice(0, header.indexOf(";")),
        // A build without top-up (before issue 10) has no paying users: it is the baseline.
        outTradeNo: paying ? await createOrder(origin, token).catch(() => null) : null,
        rents: !paying && index % RENTER_EVERY === RENTER_OFFSET ? await rentOne(origin, token) : false,
      });
    }
  }
  return users;
}

/** The machine's steal time so far, in seconds (/proc/stat, clock ticks of 10 ms); 0 where there is none. */
function machineSteal(): number {
  try {
    const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    return Number(cpu[8] ?? 0) / 100;
  } catch {
    return 0;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `users` for `seconds`; every request's latency and outcome is recorded. */
async function runStep(origin: string, users: VirtualUser[], seconds: number): Promise<CapacityStep> {
  const latencies: number[] = [];
  /** With BENCH_TRACE set: when each request started (ms into the step), its latency and path. */
  const trace: [number, number, string][] = [];
  const tracing = !!process.env.BENCH_TRACE;
  /** With BENCH_TRACE set: the requests that took over a second, with when they got a socket, connected and had headers. */
  const slow: string[] = [];
  let newConnections = 0;
  let errors = 0;
  /** The first few failures, so a step that does not hold says why. */
  const failures: string[] = [];
  const timers: NodeJS.Timeout[] = [];
  const pending = new Set<Promise<void>>();
  const timed = (path: string, init: Parameters<typeof request>[2], ok: (status: number, body: string) => boolean) => {
    const started = performance.now();
    const p = request(origin, path, init)
      .then(({ status, body, phases }) => {
        latencies.push(performance.now() - started);
        if (tracing) trace.push([started - startedAt, performance.now() - started, path]);
        if (!phases.reused) newConnections++;
        if (tracing && performance.now() - started > 1000)
          slow.push(slowRequestLine(started - startedAt, performance.now() - started, path, phases, pending.size));
        if (!ok(status, body)) {
          errors++;
          if (failures.length < 3) failures.push(`${path} → ${status} ${body.slice(0, 80)}`);
        }
      })
      .catch((error: Error) => {
        errors++;
        if (failures.length < 3) failures.push(`${path} → ${error.message}`);
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  const cpuBefore = process.cpuUsage();
  const stealBefore = machineSteal();
  const startedAt = performance.now();
  const startedWall = new Date();
  const eventLoop = monitorEventLoopDelay({ resolution: 10 });
  eventLoop.enable();
  users.forEach((user, index) => {
    let page = index % CONSOLE_PAGES.length;
    const poll = () => timed("/resources/notifications", { headers: { cookie: user.cookie } }, (s) => s === 200);
    const open = () => {
      timed(CONSOLE_PAGES[page]!, { headers: { cookie: user.cookie } }, (s) => s === 200);
      timed(
        "/api/app/get_unread_state",
        { method: "POST", headers: { "content-type": FORM_TYPE }, body: form({ session: user.token }) },
        (s, body) => s === 200 && body.startsWith('{"status":0'),
      );
      page = (page + 1) % CONSOLE_PAGES.length;
    };
    if (user.outTradeNo) {
      const path = `/resources/order-status/${user.outTradeNo}`;
      const payPoll = () => timed(path, { headers: { cookie: user.cookie } }, (s) => s === 200);
      timers.push(
        setTimeout(
          () => {
            payPoll();
            timers.push(setInterval(payPoll, PAY_POLL_MS));
          },
          randomInt(0, PAY_POLL_MS),
        ),
      );
    }
    timers.push(
      setTimeout(
        () => {
          poll();
          timers.push(setInterval(poll, POLL_MS));
        },
        randomInt(0, POLL_MS),
      ),
      setTimeout(
        () => {
          open();
          timers.push(setInterval(open, PAGE_MS));
        },
        randomInt(0, PAGE_MS),
      ),
    );
  });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const t of timers) clearTimeout(t);
  await Promise.all(pending);
  const elapsed = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  eventLoop.disable();
  const stolen = machineSteal() - stealBefore;
  if (tracing) printTrace(trace, eventLoop.max / 1e6, startedWall);
  if (tracing) {
    console.info(`    requests over 1 s: ${slow.length} (the first 40 follow)`);
    for (const line of slow.slice(0, 40)) console.info(line);
  }
  latencies.sort((a, b) => a - b);
  const p99Ms = percentile(latencies, 99);
  return {
    users: users.length,
    requests: latencies.length + errors,
    errors,
    reqPerSec: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms,
    generatorCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
    stealCpu: stolen / elapsed,
    newConnections,
    holds: errors === 0 && p99Ms <= CAPACITY_P99_MS,
    failures,
  };
}

/**
 * BENCH_TRACE: each second of the step with its requests, p99 and slowest request (by when they
 * started), so a step failed by a few slow seconds shows when they were and what was slow; and the
 * generator's own worst event-loop delay, which would show the bench itself stalling.
 */
/** One request that took over a second: where its time went (a new connection waits for the server to accept it). */
function slowRequestLine(at: number, ms: number, path: string, phases: RequestPhases, inFlight: number): string {
  const socket = phases.reused
    ? `socket after ${phases.socket.toFixed(0)} (reused)`
    : `socket after ${phases.socket.toFixed(0)}, connected after ${phases.connect.toFixed(0)}`;
  return `      ${at.toFixed(0)} ms into the step: ${ms.toFixed(0)} ms ${path.replace(/\/[0-9]{12,}$/, "/…")}; ${socket}, headers after ${phases.headers.toFixed(0)}; ${inFlight} in flight`;
}

function printTrace(trace: [number, number, string][], generatorStallMs: number, startedWall: Date) {
  const bySecond = new Map<number, [number, string][]>();
  for (const [at, ms, path] of trace) {
    const second = Math.floor(at / 1000);
    if (!bySecond.has(second)) bySecond.set(second, []);
    bySecond.get(second)!.push([ms, path]);
  }
  console.info(
    `    step started ${startedWall.toISOString()}; generator's worst event-loop delay ${generatorStallMs.toFixed(0)} ms`,
  );
  for (const [second, rows] of [...bySecond].sort((a, b) => a[0] - b[0])) {
    const sorted = rows.map(([ms]) => ms).sort((a, b) => a - b);
    const slowest = rows.reduce((a, b) => (b[0] > a[0] ? b : a));
    const over = rows.filter(([ms]) => ms > CAPACITY_P99_MS).length;
    console.info(
      `    s${String(second).padStart(2)} ${String(rows.length).padStart(4)} req  p99 ${percentile(sorted, 99).toFixed(0).padStart(4)} ms  >${CAPACITY_P99_MS} ms: ${String(over).padStart(3)}  slowest ${slowest[0].toFixed(0)} ms ${slowest[1].replace(/\/[0-9]{12,}$/, "/…")}`,
    );
  }
}

/** Steps the number of users up until a step no longer holds (or the last step ran). */
export async function measureCapacity(options: CapacityOptions, log: (line: string) => void): Promise<CapacityStep[]> {
  const users: VirtualUser[] = [];
  const steps: CapacityStep[] = [];
  for (const n of options.steps) {
    options.onStep?.();
    const madeAt = performance.now();
    users.push(...(await makeUsers(options.origin, options.sessionSecret, n - users.length, users.length)));
    const renting = users.slice(0, n).filter((u) => u.rents).length;
    log(
      `  ${n} users, ${renting} with a running instance (accounts ready in ${((performance.now() - madeAt) / 1000).toFixed(0)} s) … `,
    );
    const step = await runStep(options.origin, users.slice(0, n), options.stepSeconds);
    steps.push(step);
    log(
      `    p50 ${step.p50Ms.toFixed(1)} ms, p99 ${step.p99Ms.toFixed(1)} ms, ${step.errors} errors, ${step.reqPerSec.toFixed(0)} req/s, ${step.newConnections} new connections, steal ${(step.stealCpu * 100).toFixed(0)} %\n`,
    );
    for (const failure of step.failures) log(`      ! ${failure}\n`);
    if (!step.holds) break;
  }
  agent.destroy();
  return steps;
}

/** The largest N that held, or 0. */
export const capacityOf = (steps: CapacityStep[]) => Math.max(0, ...steps.filter((s) => s.holds).map((s) => s.users));
