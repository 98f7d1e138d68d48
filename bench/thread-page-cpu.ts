/**
 * Decision 041: the CPU one view of a work order with a 50-message thread
 * costs the server. Against a built server already running on 127.0.0.1 with
 * the sandbox providers (bench/sandbox-server-env.ts): logs in as the demo
 * account, files bench/work-order-thread.ts's order, then GETs its page 50
 * times one after another and reads the server process's CPU time (all its
 * threads, the platform worker included) from /proc/<pid>/stat before and after.
 *
 *   npx tsx bench/thread-page-cpu.ts http://127.0.0.1:3610 <server pid>
 */
import { readdirSync, readFileSync } from "node:fs";
import { CookieJar } from "./cookie-jar";
import { workOrderWithThread } from "./work-order-thread";
import { myWorkOrderDetailPath } from "../app/utils/console-paths";

const DEMO = { phone: "13800000000", password: "demo1234" };
const FORM = "application/x-www-form-urlencoded;charset=UTF-8";
const VIEWS = 50;
const WARM_UP = 10;
/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

const [origin, pid] = process.argv.slice(2);
if (!origin || !pid) throw new Error("usage: thread-page-cpu.ts <origin> <server pid>");

/** utime + stime of a /proc stat file, in milliseconds. */
function statCpuMs(path: string): number {
  const stat = readFileSync(path, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The process's CPU time in milliseconds, all threads. */
const cpuMs = () => statCpuMs(`/proc/${pid}/stat`);

/**
 * CPU time of the main thread (React, the routes, markdown) and of the others
 * together (all named "node": the platform's worker, V8's garbage-collection
 * helpers, libuv's pool).
 */
function threadsCpuMs(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const key = tid === pid ? "main" : "others";
    byName.set(key, (byName.get(key) ?? 0) + statCpuMs(`/proc/${pid}/task/${tid}/stat`));
  }
  return byName;
}

async function formLogin(): Promise<string> {
  const jar = new CookieJar();
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": FORM, origin: origin! },
    body: new URLSearchParams({ intent: "password", ...DEMO }).toString(),
  });
  await res.arrayBuffer();
  jar.update(res);
  const next = await fetch(new URL(res.headers.get("location") ?? "/console", origin), {
    redirect: "manual",
    headers: { cookie: jar.header() },
  });
  await next.arrayBuffer();
  jar.update(next);
  return jar.header();
}

async function apiLogin(): Promise<{ token: string; userId: number; phone: string }> {
  const login = (await (
    await fetch(`${origin}/api/login`, {
      method: "POST",
      headers: { "content-type": FORM },
      body: new URLSearchParams(DEMO).toString(),
    })
  ).json()) as { data: { token: string } };
  const token = login.data.token;
  const info = (await (
    await fetch(`${origin}/api/get_user_info`, {
      method: "POST",
      headers: { "content-type": FORM },
      body: new URLSearchParams({ session: token }).toString(),
    })
  ).json()) as { data: { UserId: number; Phone: string } };
  return { token, userId: info.data.UserId, phone: info.data.Phone };
}

const cookie = await formLogin();
const { token, userId, phone } = await apiLogin();
const id = await workOrderWithThread(origin, token, { userId, phone });
const url = `${origin}${myWorkOrderDetailPath(id)}`;

async function view(): Promise<number> {
  const res = await fetch(url, { headers: { cookie } });
  const html = await res.text();
  if (res.status !== 200 || !html.includes("第 50 条")) throw new Error(`GET ${url}: ${res.status}`);
  return html.length;
}

const coldBefore = cpuMs();
const bytes = await view();
const firstView = cpuMs() - coldBefore;
for (let i = 1; i < WARM_UP; i++) await view();
const before = cpuMs();
const threadsBefore = threadsCpuMs();
const started = performance.now();
for (let i = 0; i < VIEWS; i++) await view();
const wall = performance.now() - started;
const cpu = cpuMs() - before;
const split = [...threadsCpuMs()]
  .map(([name, ms]) => [name, (ms - (threadsBefore.get(name) ?? 0)) / VIEWS] as const)
  .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
  .join(", ");
console.log(
  `order ${id}, page ${bytes} bytes: first view ${firstView.toFixed(0)} ms CPU; ` +
    `${VIEWS} views after ${WARM_UP} warm-up: ${(cpu / VIEWS).toFixed(1)} ms CPU per view, ${(wall / VIEWS).toFixed(1)} ms wall per view (by thread: ${split})`,
);
