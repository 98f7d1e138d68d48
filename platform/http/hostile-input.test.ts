/**
 * Every route of the platform, walked with hostile input: for each field a
 * route reads, values that break naive parsers (signs, exponents, full-width
 * digits, forty nines, impossible dates, markup, SQL, path traversal, JSON
 * types where strings are expected, repeated fields), one field at a time
 * with the others plausible so the value reaches as deep as validation lets
 * it; then malformed bodies. Every reply must be below HTTP 500, and a
 * refusal of the main API, the staff desk or /third-party must carry its
 * numeric status and a reason in Chinese. Afterwards the ledger still
 * balances for every account.
 *
 * Which fields a route reads is found by watching the form it parses (a Proxy
 * around the result of readForm / readThirdPartyBody records the keys read),
 * so a route added later is walked without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "./app";
import { OPS_COMMANDS } from "../ops/commands";
import { STAFF_SESSION_HEADER } from "../contract/staff";
import {
  startTestPlatform,
  TEST_OPS_KEY,
  uniquePhone,
  type Reply,
  type TestPlatform,
} from "../../tests/support/platform";
import { mainAccount, subAccount } from "../../tests/support/instances";
import { addStaff, staffLogin, type TestStaff } from "../../tests/support/staff";

const watch = vi.hoisted(() => {
  // The worker's earlier test files may have loaded the platform already, bound to the real readForm (the platform
  // project shares loaded modules between files, decision 128): load it afresh, so it binds to the mocks below.
  vi.resetModules();
  const reads = new Set<string>();
  const ignored = new Set(["then", "toJSON", "constructor", "asymmetricMatch", "$$typeof"]);
  const watched = <T extends object>(form: T): T =>
    new Proxy(form, {
      get(target, key, receiver) {
        if (typeof key === "string" && !ignored.has(key)) reads.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
  return { reads, watched };
});

vi.mock("./wire", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./wire")>();
  return {
    ...actual,
    readForm: async (c: Parameters<typeof actual.readForm>[0]) => watch.watched(await actual.readForm(c)),
  };
});
vi.mock("./third-party/body", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./third-party/body")>();
  return {
    ...actual,
    readThirdPartyBody: async (c: Parameters<typeof actual.readThirdPartyBody>[0]) =>
      watch.watched(await actual.readThirdPartyBody(c)),
  };
});

const CHINESE = /[\u4e00-\u9fa5]/;

/** Strings a form field may carry that break naive number, date, text or path handling. */
const HOSTILE_TEXT = [
  "",
  " ",
  "-1",
  "0",
  "-0",
  "1e400",
  "1e-7",
  "NaN",
  "Infinity",
  "0x10",
  "１２",
  "1.005",
  "9".repeat(40),
  "9007199254740993",
  "\u202e123",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "2026-02-30",
  "null",
  "[]",
  "{}",
  "true",
  "x".repeat(5000),
];
/** JSON values of the wrong type, for the routes that accept a JSON body. */
const HOSTILE_JSON: unknown[] = [null, true, -1, 1e308, 0.1, [], ["1", "2"], {}, { $gt: "" }];

/** Values that pass validation for the fields most routes share, so a hostile one elsewhere reaches the module. */
function plausible(field: string, n: number): string {
  const values: Record<string, string> = {
    page: "1",
    page_size: "10",
    amount: "100",
    pay_type: "1",
    phone: uniquePhone(),
    password: "Passw0rd123",
    code: "123456",
    agree: "1",
    purpose: "register",
    machine_type: "docker",
    region: "bj-a",
    gpu_model: "rtx4090",
    gpu_count: "1",
    billing_mode: "day",
    duration: "1",
    coupon_id: "0",
    idempotency_key: `hostile-${n}`,
    content: "测试内容",
    title: "测试标题",
    name: "测试",
    email: "renter@example.com",
    login: "nobody",
    status: "0",
  };
  return values[field] ?? "1";
}

interface Route {
  method: string;
  path: string;
}

type Auth = { kind: "api"; token: string } | { kind: "staff"; token: string } | { kind: "third-party"; token: string };

let t: TestPlatform;
let routes: Route[];
let lead: TestStaff;
let requests = 0;

beforeAll(async () => {
  t = await startTestPlatform();
  const app = createHttpApp(t.ctx, { sandbox: true, addressing: { role: "in-process" }, opsKey: TEST_OPS_KEY });
  const seen = new Set<string>();
  routes = app.routes
    .filter((r) => r.method !== "ALL" && !r.path.endsWith("*"))
    .filter((r) => !["/healthz", "/readyz", "/ops/run", "/ops/commands"].includes(r.path))
    .filter((r) => (seen.has(`${r.method} ${r.path}`) ? false : (seen.add(`${r.method} ${r.path}`), true)))
    .map((r) => ({ method: r.method, path: r.path }));
  lead = await addStaff(t, "lead", "值班组长");
}, 120_000);

afterAll(async () => {
  await t?.close();
  // And leave none of the modules bound to the mocks to the worker's next file.
  vi.resetModules();
});

async function authFor(route: Route): Promise<Auth> {
  if (route.path.startsWith("/staff/")) return { kind: "staff", token: await staffLogin(t, lead) };
  const account = await mainAccount(t, { cashFen: 100_000, voucherFen: 5_000, creditFen: 10_000 });
  return route.path.startsWith("/third-party/")
    ? { kind: "third-party", token: account.token }
    : { kind: "api", token: account.token };
}

function pathWith(route: Route, params: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "1"));
}

type Body =
  | { type: "form"; fields: Record<string, string | string[]> }
  | { type: "json"; value: unknown }
  | { type: "raw"; contentType: string; text: string };

async function send(route: Route, auth: Auth, path: string, body: Body): Promise<Reply> {
  requests++;
  const headers: Record<string, string> = {};
  if (auth.kind === "staff") headers[STAFF_SESSION_HEADER] = auth.token;
  if (auth.kind === "third-party") headers.authorization = `Bearer ${auth.token}`;
  const withSession = (fields: Record<string, string | string[]>) =>
    auth.kind === "api" && !("session" in fields) ? { session: auth.token, ...fields } : fields;
  if (route.method === "GET" || route.method === "DELETE") {
    const query = new URLSearchParams();
    if (body.type === "form")
      for (const [k, v] of Object.entries(withSession(body.fields))) for (const one of [v].flat()) query.append(k, one);
    const qs = body.type === "raw" ? body.text : query.toString();
    return t.request(`${path}${qs ? `?${qs}` : ""}`, { method: route.method, headers });
  }
  if (body.type === "json") {
    const value =
      auth.kind === "api" && body.value && typeof body.value === "object" && !Array.isArray(body.value)
        ? { session: auth.token, ...(body.value as object) }
        : body.value;
    return t.request(path, {
      method: route.method,
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(value),
    });
  }
  if (body.type === "raw")
    return t.request(path, {
      method: route.method,
      headers: { ...headers, "content-type": body.contentType },
      body: body.text,
    });
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(withSession(body.fields))) for (const one of [v].flat()) params.append(k, one);
  return t.request(path, {
    method: route.method,
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: params.toString(),
  });
}

/** What is wrong with a reply, or null: below 500, and a refusal carries its number and a Chinese reason. */
function defect(route: Route, reply: Reply): string | null {
  if (reply.http >= 500) return `HTTP ${reply.http}: ${JSON.stringify(reply.body).slice(0, 300)}`;
  const body = reply.body as Record<string, unknown> | string;
  if (route.path.startsWith("/api/pay/notify")) return null; // answers in each payment provider's own format
  // A software release's download answers the file's own bytes; a refusal there is still an envelope (below).
  if (route.path === "/api/software/download/:id" && reply.http === 200) return null;
  // The OpenAPI document is a document, the same whatever is asked of it (decision 110).
  if (route.path === "/api/openapi.json" && reply.http === 200) return null;
  if (route.path.startsWith("/api/") || (route.path.startsWith("/staff/") && typeof body === "object")) {
    if (typeof body !== "object" || typeof body.status !== "number")
      return `not an API envelope: ${String(body).slice(0, 200)}`;
    if (body.status !== 0 && !CHINESE.test(String(body.reason))) return `reason not in Chinese: ${String(body.reason)}`;
  }
  if (route.path.startsWith("/third-party/") && typeof body === "object") {
    if (typeof body.code !== "number") return `no numeric code: ${JSON.stringify(body).slice(0, 200)}`;
    if (body.code !== 0 && !CHINESE.test(String(body.reason))) return `reason not in Chinese: ${String(body.reason)}`;
  }
  return null;
}

/** The fields a route reads (and its path parameters), found by sending it plausible forms and watching. */
async function fieldsRead(route: Route, auth: Auth, params: Record<string, string>): Promise<string[]> {
  const found = new Set<string>();
  for (let round = 0; round < 3; round++) {
    const fields = Object.fromEntries([...found].map((f) => [f, plausible(f, requests)]));
    watch.reads.clear();
    await send(route, auth, pathWith(route, params), { type: "form", fields });
    const before = found.size;
    for (const key of watch.reads) found.add(key);
    if (found.size === before) break;
  }
  return [...found];
}

interface WalkOptions {
  /** The hostile strings to send in each field and path parameter. */
  values: string[];
  /** Also JSON values of the wrong type, and the malformed bodies. */
  thorough: boolean;
}

const MALFORMED_QUERIES: Body[] = [
  { type: "raw", contentType: "", text: "%ZZ=1&page=%E4%B8" },
  { type: "raw", contentType: "", text: "a[b][c]=1&__proto__=1&constructor[prototype]=1" },
];
const MALFORMED_BODIES: Body[] = [
  { type: "raw", contentType: "application/x-www-form-urlencoded", text: "%ZZ=1&page=%E4%B8&=&&=x" },
  { type: "raw", contentType: "application/json", text: "{" },
  { type: "raw", contentType: "application/json", text: "[1,2]" },
  { type: "raw", contentType: "application/json", text: "null" },
  { type: "raw", contentType: "application/json", text: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
  { type: "raw", contentType: "text/plain", text: "hello" },
  { type: "raw", contentType: "application/x-www-form-urlencoded", text: `a=${"x".repeat(70 * 1024)}` },
];

/** Walks one route as `auth`; answers what was wrong, and whether the route had fields or parameters to walk. */
async function walkRoute(
  route: Route,
  auth: Auth,
  options: WalkOptions,
): Promise<{ defects: string[]; walked: boolean }> {
  const defects: string[] = [];
  const record = (what: string, reply: Reply) => {
    const problem = defect(route, reply);
    if (problem) defects.push(`${route.method} ${route.path} ${what} → ${problem}`);
  };
  const paramNames = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const read = await fieldsRead(route, auth, {});
  // A route that reads its query or raw body itself (the sandbox pages, the payment notify) gets the usual names.
  const fields = read.length > 0 ? read : ["id", "phone", "page", "amount", "action"];
  const base = Object.fromEntries(fields.map((f) => [f, plausible(f, requests)]));
  const writes = route.method !== "GET" && route.method !== "DELETE";
  // One field at a time hostile, the others plausible.
  for (const field of fields) {
    for (const value of options.values) {
      const reply = await send(route, auth, pathWith(route, {}), { type: "form", fields: { ...base, [field]: value } });
      record(`${field}=${JSON.stringify(value.slice(0, 40))}`, reply);
    }
    const repeated = await send(route, auth, pathWith(route, {}), {
      type: "form",
      fields: { ...base, [field]: [base[field]!, "2"] },
    });
    record(`${field} repeated`, repeated);
    if (writes && options.thorough)
      for (const value of HOSTILE_JSON) {
        const reply = await send(route, auth, pathWith(route, {}), {
          type: "json",
          value: { ...base, [field]: value },
        });
        record(`${field}=${JSON.stringify(value)} (JSON)`, reply);
      }
  }
  for (const name of paramNames)
    for (const value of options.values.filter((v) => v !== "")) {
      const reply = await send(route, auth, pathWith(route, { [name]: value }), { type: "form", fields: base });
      record(`:${name}=${JSON.stringify(value.slice(0, 40))}`, reply);
    }
  if (options.thorough)
    for (const body of writes ? MALFORMED_BODIES : MALFORMED_QUERIES) {
      const reply = await send(route, auth, pathWith(route, {}), body);
      record(
        `malformed ${body.type === "raw" ? `${body.contentType || "query"} ${body.text.slice(0, 30)}` : body.type}`,
        reply,
      );
    }
  return { defects, walked: read.length > 0 || paramNames.length > 0 };
}

describe("every route under hostile input", () => {
  it("answers below 500, refuses in Chinese, and keeps the ledger balanced", async () => {
    const defects: string[] = [];
    let walked = 0;
    for (const route of routes) {
      const result = await walkRoute(route, await authFor(route), { values: HOSTILE_TEXT, thorough: true });
      defects.push(...result.defects);
      if (result.walked) walked++;
    }
    expect(defects).toEqual([]);
    expect(walked).toBeGreaterThan(80); // the walk reached the routes it says it walks
    expect(await t.unbalancedAccounts()).toEqual([]);
  }, 900_000);

  it("as a sub-account (its limit, and what only a main account may do): the same, with fewer values", async () => {
    const defects: string[] = [];
    const values = ["", "-1", "1e400", "１２", "9".repeat(40), "1.005", "<script>alert(1)</script>", "2026-02-30"];
    for (const route of routes.filter((r) => r.path.startsWith("/api/") || r.path.startsWith("/third-party/"))) {
      const main = await mainAccount(t, { cashFen: 100_000, voucherFen: 5_000, creditFen: 10_000 });
      const sub = await subAccount(t, main, 50_00);
      const auth: Auth = route.path.startsWith("/third-party/")
        ? { kind: "third-party", token: sub.token }
        : { kind: "api", token: sub.token };
      defects.push(...(await walkRoute(route, auth, { values, thorough: false })).defects);
    }
    expect(defects).toEqual([]);
    expect(await t.unbalancedAccounts()).toEqual([]);
  }, 900_000);

  it("every operator command refuses hostile arguments without a fault", async () => {
    const defects: string[] = [];
    for (const command of OPS_COMMANDS) {
      const schema = command.args as { shape?: Record<string, unknown> };
      const names = Object.keys(schema.shape ?? {});
      expect(names.length, command.name).toBeGreaterThan(0);
      for (const name of names)
        for (const value of HOSTILE_TEXT.filter((v) => v.length <= 2000)) {
          const args = Object.fromEntries(names.map((n) => [n, n === name ? value : "1"]));
          const reply = await t.ops(command.name, args);
          if (reply.http >= 500)
            defects.push(`${command.name} --${name} ${JSON.stringify(value.slice(0, 40))} → HTTP ${reply.http}`);
        }
    }
    expect(defects).toEqual([]);
    expect(await t.unbalancedAccounts()).toEqual([]);
  }, 600_000);
});
