/**
 * Issue 33 §2: a production start sets `Secure` on every cookie the site sets.
 * The built server (build/, as `npm start` runs it) is started here with
 * APP_ENV=production and real providers pointed at local fakes (Aliyun SMS,
 * SMTP, WeChat Pay and Alipay at addresses on 127.0.0.1), on a free port of
 * 127.0.0.1, apart from the e2e server. The walk visits every page that sets a
 * cookie (an ad click id, the notices, login, the toast read after it, a partner's referral link
 * followed by a visitor (the demo account verifies by bank card against a local fake bank and joins), logout,
 * the desk's login and logout) and checks each Set-Cookie; the cookie names
 * the web tier defines are read from its source, so a cookie added later and
 * not walked fails the test.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { startFakeAliyunSms, type FakeAliyunSms } from "../support/fake-aliyun-sms";
import { FAKE_FACE_SCENE_ID, productionIdentityEnv } from "../support/aliyun-identity-env";
import { startFakeAliyunIdentity, type FakeAliyunIdentity } from "../support/fake-aliyun-identity";
import { productionPaymentEnv } from "../support/payment-env";
import { DEMO } from "./support";
import { cardNumber, idNumber } from "./verification-support";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OPS_KEY = randomBytes(24).toString("hex");

/** A port the system has free now, on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Every cookie name the web tier defines: siteCookie("…") and createCookie("…") in app/, and the session's constant. */
function definedCookieNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry))
        for (const m of readFileSync(file, "utf8").matchAll(/(?:siteCookie|createCookie)\(\s*"([^"]+)"/g))
          names.add(m[1]!);
    }
  };
  walk(path.join(ROOT, "app"));
  const constants = readFileSync(path.join(ROOT, "app/utils/session-constants.ts"), "utf8");
  names.add(/SESSION_COOKIE_NAME = "([^"]+)"/.exec(constants)![1]!);
  return [...names].sort();
}

let server: ChildProcess;
let sms: FakeAliyunSms;
let identity: FakeAliyunIdentity;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sms = await startFakeAliyunSms({ LTAI5tFakeKeyId4Tests: "fake-secret" });
  // The bank's side of 银行卡认证, so the walk can verify the demo account and become a sales partner.
  identity = await startFakeAliyunIdentity({ LTAI5tFakeKeyId4Tests: "fake-secret" }, { sceneId: FAKE_FACE_SCENE_ID });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  let output = "";
  server = spawn(process.execPath, [path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      APP_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      SEED_DEMO: "1",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      OPS_KEY,
      SMS_PROVIDER: "aliyun",
      ALIYUN_ACCESS_KEY_ID: "LTAI5tFakeKeyId4Tests",
      ALIYUN_ACCESS_KEY_SECRET: "fake-secret",
      ALIYUN_SMS_SIGN_NAME: "算力云",
      ALIYUN_SMS_TEMPLATE_CODE: "SMS_154950909",
      ALIYUN_SMS_ENDPOINT: sms.url,
      EMAIL_PROVIDER: "smtp",
      SMTP_URL: "smtps://user:pass@127.0.0.1:9",
      MAIL_FROM: "noreply@gpu.example",
      ...productionPaymentEnv(),
      ...productionIdentityEnv(),
      ALIYUN_OCR_ENDPOINT: identity.url,
      ALIYUN_CLOUDAUTH_ENDPOINT: identity.url,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  server.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the production server stopped:\n${output}`);
    if (i > 600) throw new Error(`the production server did not answer /readyz:\n${output}`);
    const ready = await fetch(`${origin}/readyz`).catch(() => null);
    if (ready?.ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await sms?.close();
  await identity?.close();
});

test("a production start sets Secure on every cookie of the site", async () => {
  test.setTimeout(120_000);
  const jar = new Map<string, string>();
  const seen: { step: string; header: string }[] = [];

  /** A request as a browser on this site sends it: the cookies so far, same-origin forms. */
  const send = async (step: string, url: string, form?: Record<string, string>) => {
    const headers = new Headers({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") });
    if (form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      headers.set("origin", origin);
    }
    const reply = await fetch(`${origin}${url}`, {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
    });
    const text = await reply.text();
    expect(reply.status, `${step}: ${url}`).toBeLessThan(500);
    for (const header of reply.headers.getSetCookie()) {
      seen.push({ step, header });
      const [pair] = header.split(";");
      const [name, ...value] = pair!.split("=");
      jar.set(name!.trim(), value.join("="));
    }
    return { status: reply.status, text };
  };

  await send("an ad click id", "/store?bd_vid=secure-cookie-walk");
  await send("the notices", "/inform");
  const login = await send("login", "/login?tab=password", {
    intent: "password",
    tab: "password",
    phone: DEMO.phone,
    password: DEMO.password,
  });
  expect(login.status).toBe(302);
  await send("the toast read after login", "/console/dashboard");

  // A partner's referral link, followed by a visitor, leaves the first-touch cookie (gc_ref_touch): the demo account
  // verifies by bank card (the fake bank knows the card) and joins the partner program for a link to follow.
  const card = { name: "张三", idNumber: idNumber(), cardNumber: cardNumber(), phone: "13912345678" };
  identity.setBankCard(card);
  const bankCard = "/console/verification/bankCardVerify";
  await send("bank card code", bankCard, { intent: "send-code", phone: card.phone });
  // The code goes out through the delivery outbox after the request's commit, so it may arrive a moment later.
  let code: string | undefined;
  await expect
    .poll(() => (code = [...sms.requests].reverse().find((r) => r.phone === card.phone && r.code)?.code), {
      message: "the bank card's SMS code reached the fake SMS provider",
    })
    .toBeTruthy();
  const verified = await send("bank card verification", bankCard, {
    intent: "verify",
    name: card.name,
    id_number: card.idNumber,
    card_number: card.cardNumber,
    phone: card.phone,
    code: code!,
  });
  expect(verified.status, "verified, and sent back to the page with a toast").toBe(302);
  const joined = await send("become a partner", "/console/salesDashboard", { intent: "join", agree: "1" });
  expect(joined.status).toBe(302);
  const dashboard = await send("the partner dashboard", "/console/salesDashboard");
  const invite = /\/invite\/[A-Za-z0-9]+/.exec(dashboard.text)?.[0];
  expect(invite, "the dashboard shows the referral link").toBeTruthy();
  await send("logout", "/logout", { intent: "logout" });
  await send("a visitor follows the referral link", invite!);

  // A staff account through the operators' door (production: OPS_KEY), then the desk's login and logout.
  const added = await fetch(`${origin}/ops/run`, {
    method: "POST",
    headers: { authorization: `Bearer ${OPS_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      command: "staff add",
      args: { login: "cookie.walk", name: "巡检", role: "agent", password: "Staff-pass-2026" },
      actor: "secure-cookies.http.spec",
    }),
  });
  expect(added.status).toBe(200);
  const desk = await send("desk login", "/desk/login", {
    intent: "login",
    login: "cookie.walk",
    password: "Staff-pass-2026",
  });
  expect(desk.status).toBe(302);
  await send("desk logout", "/desk/logout", { intent: "logout" });

  const names = new Set(seen.map((s) => s.header.split("=")[0]!.trim()));
  expect([...names].sort(), "every cookie the web tier defines was set by the walk").toEqual(definedCookieNames());
  const insecure = seen.filter((s) => !/;\s*Secure(;|$)/i.test(s.header)).map((s) => `${s.step}: ${s.header}`);
  expect(insecure).toEqual([]);
  console.log(`${seen.length} Set-Cookie headers, cookies ${[...names].sort().join(", ")}: all Secure`);
});
