/**
 * Every page and resource route of the web tier, walked with hostile input
 * over plain HTTP, as a script would send it: the route table comes from
 * `remix routes --json`, the forms from each page's own HTML. Each form is
 * posted with one field at a time replaced by a value that breaks naive
 * parsers (signs, exponents, full-width digits, forty nines, impossible
 * dates, markup, path traversal, NUL, over-long text; the platform's own
 * walk, platform/http/hostile-input.test.ts, sends more kinds), repeated and
 * left out; each GET form's fields and each path parameter get the same
 * values. No answer may
 * be a 5xx, and a refusal (4xx) says why in Chinese: bad input is refused
 * beside its field, or the page says what is missing.
 *
 * A page whose URL has parameters is first opened at a URL found in a link on
 * the pages walked before it (a notice from /inform), else with "1". A route
 * added later is walked without touching this file. It runs once (the "http"
 * project), with no browser: what it sends does not depend on JavaScript.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { JSDOM } from "jsdom";
import { expect, sessionCookie, test, type LoginOptions } from "./fixtures/session";
import { addStaffByCli, STAFF_PASSWORD, uniqueStaffLogin } from "./staff";
import { fileWorkOrderAbout, mainApi, rentHourlyByApi, topUp } from "./platform-calls";
import { DEMO, DEMO_SUB, TEST_PASSWORD, uniquePhone } from "./support";

const CHINESE = /[\u4e00-\u9fa5]/;

/**
 * What is wrong with an answer, or null: a 5xx, or a refusal that does not say
 * why in Chinese (the operators' door, /ops, answers the command-line tool in
 * English, and is closed to everyone else).
 */
function problemOf(status: number, text: string, path: string): string | null {
  if (status >= 500) return `HTTP ${status}`;
  if (status >= 400 && !CHINESE.test(text) && !path.startsWith("/ops/"))
    return `HTTP ${status} without a word of Chinese: ${text.slice(0, 120)}`;
  return null;
}

/** Values for form fields and query parameters. */
const HOSTILE = [
  "",
  "-1",
  "1e400",
  "１２",
  "9".repeat(40),
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "2026-02-30",
  "\u0000",
  "\u202e1",
  "x".repeat(3000),
];

/** Values for path parameters (an empty segment is another route). */
const HOSTILE_PARAMS = [
  "-1",
  "1e400",
  "9".repeat(40),
  "１２",
  "../../etc/passwd",
  "\u0000",
  "<script>",
  "x".repeat(2000),
];

interface RouteEntry {
  /** The URL pattern, e.g. "/console/instance/:uuid". */
  pattern: string;
  file: string;
}

interface FormSpec {
  method: "get" | "post";
  action: string;
  multipart: boolean;
  fields: [string, string][];
}

interface RouteNode {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteNode[];
}

/** Every route with a URL of its own (pathless layouts have none), from Remix's own route table. */
function routeTable(): RouteEntry[] {
  const tree = JSON.parse(execFileSync("npx", ["remix", "routes", "--json"], { encoding: "utf8" })) as RouteNode[];
  const entries: RouteEntry[] = [];
  const walk = (node: RouteNode, prefix: string) => {
    const pattern = node.path === undefined ? prefix : `${prefix.replace(/\/$/, "")}/${node.path}`;
    if (node.path !== undefined || node.index) entries.push({ pattern: pattern || "/", file: node.file });
    for (const child of node.children ?? []) walk(child, pattern);
  };
  for (const node of tree) walk(node, "");
  return entries.filter((e, i) => entries.findIndex((o) => o.pattern === e.pattern && o.file === e.file) === i);
}

const source = (file: string) => readFileSync(path.join("app", file), "utf8");
const hasAction = (file: string) => /export\s+(async\s+function|const|function)\s+action\b/.test(source(file));
const paramsOf = (pattern: string) => [...pattern.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? "*");
const urlOf = (pattern: string, values: Record<string, string> = {}) =>
  pattern.replace(/:([A-Za-z_]+)|\*/g, (_, name?: string) => encodeURIComponent(values[name ?? "*"] ?? "1"));

/** The forms of a page, with the values a browser would submit (one submission per named submit button). */
function formsOf(html: string, pageUrl: string): FormSpec[] {
  const { document } = new JSDOM(html, { url: pageUrl }).window;
  const specs: FormSpec[] = [];
  for (const form of document.querySelectorAll("form")) {
    const action = new URL(form.getAttribute("action") ?? pageUrl, pageUrl);
    const fields: [string, string][] = [];
    const radios = new Set<string>();
    for (const element of form.querySelectorAll("input, select, textarea")) {
      const name = element.getAttribute("name");
      if (!name) continue;
      const type = (element.getAttribute("type") ?? "text").toLowerCase();
      if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
      if (type === "radio") {
        if (radios.has(name)) continue;
        radios.add(name);
      }
      if (element.tagName === "SELECT") {
        const option = element.querySelector("option[selected]") ?? element.querySelector("option");
        fields.push([name, option?.getAttribute("value") ?? option?.textContent ?? ""]);
      } else if (element.tagName === "TEXTAREA") fields.push([name, element.textContent ?? ""]);
      else fields.push([name, element.getAttribute("value") ?? (type === "checkbox" ? "on" : "")]);
    }
    const submitters = [...form.querySelectorAll("button[name], input[type=submit][name]")].map(
      (b) => [b.getAttribute("name")!, b.getAttribute("value") ?? ""] as [string, string],
    );
    const base = {
      method: (form.getAttribute("method") ?? "get").toLowerCase() === "post" ? ("post" as const) : ("get" as const),
      action: `${action.pathname}${action.search}`,
      multipart: (form.getAttribute("enctype") ?? "").includes("multipart"),
    };
    if (submitters.length === 0) specs.push({ ...base, fields });
    for (const submitter of submitters) specs.push({ ...base, fields: [...fields, submitter] });
  }
  return specs;
}

const formKey = (f: FormSpec) =>
  `${f.method} ${f.action.split("?")[0]} ${f.fields
    .map(([n, v]) => (n === "intent" ? `${n}=${v}` : n))
    .sort()
    .join(",")}`;

/** Requests with one session's cookie, as a browser on this site would send them (same Origin, no redirects followed). */
class Client {
  constructor(
    private readonly origin: string,
    public cookie = "",
  ) {}

  fetch(path: string, init: { method?: string; body?: string | FormData; type?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin };
    if (this.cookie) headers.cookie = this.cookie;
    if (init.type) headers["content-type"] = init.type;
    return fetch(new URL(path, this.origin), {
      method: init.method ?? "GET",
      headers,
      body: init.body,
      redirect: "manual",
    });
  }

  get = (path: string) => this.fetch(path);
  postForm = (path: string, fields: [string, string][]) =>
    this.fetch(path, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      type: "application/x-www-form-urlencoded",
    });
  postMultipart(path: string, fields: [string, string][]) {
    const body = new FormData();
    for (const [n, v] of fields) body.append(n, v);
    return this.fetch(path, { method: "POST", body });
  }
}

const patternRegex = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/:[A-Za-z_]+/g, "[^/]+")
      .replace(/\*/g, ".+")}$`,
  );

/**
 * An account with something on every console page, made through the public
 * calls as any client would: a top-up paid on the sandbox page, a claimed
 * coupon, an hourly instance, a work order about it and a withdrawal request.
 * Its pages then link to real ids (/console/instance/<uuid>, the work order),
 * whose forms the walk posts to. Answers its phone.
 */
async function furnishedAccount(request: APIRequestContext): Promise<string> {
  const phone = uniquePhone();
  const session = await request.post("/sandbox/session", { data: { phone, password: TEST_PASSWORD } });
  const { token } = (await session.json()) as { token: string };
  const api = async <T>(path: string, form: Record<string, string | number>) => {
    const reply = await mainApi<T>(request, path, { session: token, ...form });
    expect(reply.status, `${path}: ${reply.reason}`).toBe(0);
    return reply.data;
  };
  await topUp(request, token, "500");
  const groups = await api<{ GroupId: number; RemainNum: number }[]>("/get_all_user_visible_coupon_group", {});
  const group = groups.find((g) => g.RemainNum > 10);
  if (group) await api("/assign_to_user", { group_id: group.GroupId });
  const instance = await rentHourlyByApi(request, token, `walk-${phone}`);
  await fileWorkOrderAbout(request, token, instance.uuid);
  await api("/withdraw/create", {
    amount: "1.00",
    destination: "支付宝 walk@example.com",
    idempotency_key: `walk-${phone}`,
  });
  return phone;
}

/**
 * The demo sub-account, furnished like the account above through its own
 * calls: an hourly instance its main account pays for, and a work order about
 * it. Answers how to sign in as it, and its instance.
 */
async function furnishedSubAccount(request: APIRequestContext): Promise<{ sub: LoginOptions; instanceUuid: string }> {
  const sub: LoginOptions = { phone: DEMO_SUB.mainPhone, password: DEMO_SUB.password, subAccountName: DEMO_SUB.name };
  const session = await request.post("/sandbox/session", { data: sub });
  const { token } = (await session.json()) as { token: string };
  const main = await request.post("/sandbox/session", { data: DEMO });
  await topUp(request, ((await main.json()) as { token: string }).token, "100");
  const instance = await rentHourlyByApi(request, token, `walk-sub-${Date.now()}`);
  await fileWorkOrderAbout(request, token, instance.uuid);
  return { sub, instanceUuid: instance.uuid };
}

/** What one walk covered. */
interface WalkFigures {
  routes: number;
  forms: number;
  links: number;
  requests: number;
}

/**
 * Walks `routes` signed in as `account` (a staff member for /desk), in order;
 * answers every defect found and what was walked.
 */
async function walkRoutes(
  request: APIRequestContext,
  origin: string,
  account: LoginOptions,
  routes: RouteEntry[],
): Promise<{ defects: string[]; links: Set<string>; figures: WalkFigures }> {
  const defects: string[] = [];
  const walkedForms = new Set<string>();
  const links = new Set<string>();
  let requests = 0;
  let staffLogin: string | null = null;

  const check = async (what: string, answer: Promise<Response>) => {
    requests++;
    const response = await answer;
    const text = await response.text();
    const problem = problemOf(response.status, text, new URL(response.url).pathname);
    if (problem) defects.push(`${what} → ${problem}`);
    return { response, text };
  };
  /** Runs the checks four at a time: the server has two threads, and each check waits on both. */
  const checkAll = async (checks: [string, () => Promise<Response>][]) => {
    for (let i = 0; i < checks.length; i += 4)
      await Promise.all(checks.slice(i, i + 4).map(([what, send]) => check(what, send())));
  };

  /** A fresh session of the account (or a staff member's, for /desk) per route, so a logout there ends only its own. */
  const signedIn = async (pattern: string): Promise<Client> => {
    if (!pattern.startsWith("/desk")) {
      const { cookie } = await sessionCookie(request, origin, account);
      return new Client(origin, `${cookie.name}=${cookie.value}`);
    }
    if (!staffLogin) {
      staffLogin = uniqueStaffLogin();
      await addStaffByCli(origin, staffLogin, "巡检组长", "lead");
    }
    const login = staffLogin;
    const client = new Client(origin);
    const loginPage = await client.get("/desk/login");
    const form = formsOf(await loginPage.text(), `${origin}/desk/login`).find((f) => f.method === "post")!;
    const fields = new Map(form.fields);
    fields.set("login", login).set("password", STAFF_PASSWORD);
    const res = await client.postForm(form.action, [...fields]);
    expect([302, 303], "desk login redirects to the queue").toContain(res.status);
    client.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return client;
  };

  for (const route of routes) {
    const client = await signedIn(route.pattern);
    const params = paramsOf(route.pattern);
    const matcher = patternRegex(route.pattern);
    const pageUrl = [...links].find((link) => matcher.test(link.split("?")[0]!)) ?? urlOf(route.pattern);
    const page = await check(`GET ${pageUrl}`, client.get(pageUrl));
    const html = (page.response.headers.get("content-type") ?? "").includes("text/html") ? page.text : "";
    const { document } = new JSDOM(html, { url: `${origin}${pageUrl}` }).window;
    for (const a of document.querySelectorAll("a[href]")) {
      const href = new URL(a.getAttribute("href")!, `${origin}${pageUrl}`);
      if (href.origin === origin) links.add(`${href.pathname}${href.search}`);
    }
    const forms = formsOf(html, `${origin}${pageUrl}`)
      .filter((f) => !walkedForms.has(formKey(f)))
      // The logout forms last: they end the session the others need.
      .sort((a, b) => Number(a.action.includes("logout")) - Number(b.action.includes("logout")));

    const checks: [string, () => Promise<Response>][] = [];
    for (const name of params)
      for (const value of HOSTILE_PARAMS) {
        const url = urlOf(route.pattern, { [name]: value });
        const what = `${route.pattern} :${name}=${JSON.stringify(value.slice(0, 20))}`;
        checks.push([`GET ${what}`, () => client.get(url)]);
        if (hasAction(route.file)) checks.push([`POST ${what}`, () => client.postForm(url, [["intent", "x"]])]);
      }
    await checkAll(checks);

    for (const form of forms) {
      walkedForms.add(formKey(form));
      const label = `${form.method.toUpperCase()} ${form.action} (form on ${route.pattern})`;
      const send = (fields: [string, string][]) => () => {
        if (form.method === "get") {
          const url = new URL(form.action, origin);
          for (const [n, v] of fields) url.searchParams.set(n, v);
          return client.get(`${url.pathname}${url.search}`);
        }
        return form.multipart ? client.postMultipart(form.action, fields) : client.postForm(form.action, fields);
      };
      const variants: [string, () => Promise<Response>][] = [[`${label} empty`, send([])]];
      for (const name of new Set(form.fields.map(([n]) => n))) {
        for (const value of HOSTILE)
          variants.push([
            `${label} ${name}=${JSON.stringify(value.slice(0, 20))}`,
            send(form.fields.map(([n, v]) => [n, n === name ? value : v])),
          ]);
        variants.push([`${label} ${name} repeated`, send([...form.fields, [name, "2"]])]);
        variants.push([`${label} ${name} left out`, send(form.fields.filter(([n]) => n !== name))]);
      }
      // A logout form's variants run one at a time: the first that succeeds ends the session.
      if (form.action.includes("logout")) for (const [what, sendOne] of variants) await check(what, sendOne());
      else await checkAll(variants);
    }

    if (hasAction(route.file) && params.length === 0 && forms.every((f) => f.action.split("?")[0] !== pageUrl)) {
      // An action with no form on its page (a resource route, a form shown only after a step): guessed fields.
      await checkAll(
        HOSTILE.map((value) => [
          `POST ${route.pattern} intent/id/amount=${JSON.stringify(value.slice(0, 20))}`,
          () =>
            client.postForm(pageUrl, [
              ["intent", value],
              ["id", value],
              ["amount", value],
            ]),
        ]),
      );
    }
  }

  return { defects, links, figures: { routes: routes.length, forms: walkedForms.size, links: links.size, requests } };
}

/** Routes without parameters first: their links give the others real ids. */
const fewestParamsFirst = (routes: RouteEntry[]) =>
  routes.sort((a, b) => paramsOf(a.pattern).length - paramsOf(b.pattern).length);

const report = (who: string, f: WalkFigures) =>
  console.log(`${who}: ${f.routes} routes, ${f.forms} distinct forms, ${f.links} links, ${f.requests} requests`);

test("every route answers hostile input without a server error", async ({ baseURL, request }) => {
  test.setTimeout(300_000);
  const phone = await furnishedAccount(request);
  const { defects, figures } = await walkRoutes(
    request,
    baseURL!,
    { phone, password: TEST_PASSWORD },
    fewestParamsFirst(routeTable()),
  );
  report("main account", figures);
  expect(defects).toEqual([]);
  expect(figures.forms, "forms found on the pages").toBeGreaterThanOrEqual(25);
});

/**
 * A sub-account sees its own console: its quota in place of balances, its
 * instances and work orders, and refusals where only a main account may go
 * (finance, top-up, account safety). Those refusals and its own forms get
 * the same hostile input. The pages that do not depend on who is signed in
 * (/desk, the sandbox, the agreements) were walked above.
 */
test("a sub-account's pages answer hostile input without a server error", async ({ baseURL, request }) => {
  test.setTimeout(300_000);
  const { sub, instanceUuid } = await furnishedSubAccount(request);
  const ownPages = /^\/(console|createInstance|store|resources|logout|work-order-files)(\/|$)/;
  const routes = fewestParamsFirst(routeTable().filter((r) => ownPages.test(r.pattern)));
  const { defects, links, figures } = await walkRoutes(request, baseURL!, sub, routes);
  report("sub-account", figures);
  expect(links, "the walk saw the sub-account's own instance").toContain(`/console/instance/${instanceUuid}`);
  expect(defects).toEqual([]);
  expect(figures.forms, "forms found on the sub-account's pages").toBeGreaterThanOrEqual(8);
});
