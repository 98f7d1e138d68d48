/**
 * Issue 9 §1, §5, §6: no shared bucket for unknown addresses, forwarded headers
 * only as configured, CAPTCHA instead of lockouts, limits kept in the database,
 * registration that does not list phones, and SMS abuse limits.
 */
import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rateCounters } from "../db/schema";
import { CLIENT_ADDRESS_HEADER, WEB_TIER_KEY_HEADER } from "../contract/security";
import { parseTrustProxy } from "../rules/client-address";
import { createHttpApp } from "./app";
import { CHALLENGE_AFTER_ADDRESS_FAILURES, CHALLENGE_AFTER_SITE_FAILURES } from "../modules/security/auth-guard";
import { SMS_PER_ADDRESS_PER_HOUR, SMS_SITE_HOURLY_BUDGET } from "../modules/accounts/verify-codes";
import { addHits, SITE } from "../modules/security/rate-counters";
import {
  encodeFields,
  startTestPlatform,
  uniqueIp,
  uniquePhone,
  MINUTE,
  type TestPlatform,
} from "../../tests/support/platform";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const CAPTCHA_REQUIRED = { status: 1, key: "CAPTCHA_REQUIRED", data: { field: "captcha" } };

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const from = (ip: string) => ({ [CLIENT_ADDRESS_HEADER]: ip });
const failLogin = (phone: string, headers: Record<string, string> = {}) =>
  t.post("/login", { phone, password: "Wrong0pass" }, headers);

/** Moves the clock past every auth window, so one test's failures do not reach the next. */
const quiet = () => t.clock.advance(20 * MINUTE);

describe("client addresses", () => {
  it("failures from unknown addresses are never counted together: 40 of them do not touch another user", async () => {
    quiet();
    const user = await t.registerUser();
    for (let i = 0; i < 40; i++) expect((await failLogin(uniquePhone())).body.status).toBe(1);
    // Today's code counted all of them under one "local" key and refused every login after 30.
    expect(await t.login(user.phone, user.password)).toMatch(TOKEN);
  });

  it("failures from one known address make that address, and only it, pass a CAPTCHA", async () => {
    quiet();
    const attacker = uniqueIp();
    const user = await t.registerUser();
    for (let i = 0; i < CHALLENGE_AFTER_ADDRESS_FAILURES; i++) await failLogin(uniquePhone(), from(attacker));
    expect((await t.post("/login", { phone: user.phone, password: user.password }, from(attacker))).body).toMatchObject(
      CAPTCHA_REQUIRED,
    );
    const other = await t.post("/login", { phone: user.phone, password: user.password }, from(uniqueIp()));
    expect(other.body.data.token).toMatch(TOKEN);
  });

  it("a standalone platform ignores X-Forwarded-For unless TRUST_PROXY says how many proxies wrote it", async () => {
    quiet();
    const request = (app: ReturnType<typeof createHttpApp>, phone: string, xff: string) =>
      app.request("/api/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": xff },
        body: encodeFields({ phone, password: "Wrong0pass" }),
      });
    const json = async (r: Response | Promise<Response>) => (await r).json();
    // One proxy: the last entry is what it saw; whatever the client put before it is ignored.
    const behindProxy = createHttpApp(t.ctx, {
      sandbox: true,
      addressing: { role: "standalone", trustProxy: parseTrustProxy("1") },
    });
    const attacker = uniqueIp();
    for (let i = 0; i < CHALLENGE_AFTER_ADDRESS_FAILURES; i++)
      await request(behindProxy, uniquePhone(), `${uniqueIp()}, ${attacker}`);
    expect(await json(request(behindProxy, uniquePhone(), `${uniqueIp()}, ${attacker}`))).toMatchObject(
      CAPTCHA_REQUIRED,
    );
    // No TRUST_PROXY: a forged header names nobody, so it neither blames nor spares anyone.
    const direct = createHttpApp(t.ctx, { sandbox: true, addressing: { role: "standalone", trustProxy: null } });
    expect((await json(request(direct, uniquePhone(), attacker))).key).toBe("LOGIN_FAILED");
  });

  it("in a split deployment the web tier's address header counts only with the shared key", async () => {
    quiet();
    const key = "k".repeat(40);
    const app = createHttpApp(t.ctx, {
      sandbox: true,
      addressing: { role: "standalone", trustProxy: null, webTierKey: key },
    });
    const attacker = uniqueIp();
    const send = (headers: Record<string, string>) =>
      app.request("/api/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: encodeFields({ phone: uniquePhone(), password: "Wrong0pass" }),
      });
    // Without the key (or with a wrong one) the header is ignored: these failures count for no address.
    for (let i = 0; i < CHALLENGE_AFTER_ADDRESS_FAILURES; i++)
      await send({ [CLIENT_ADDRESS_HEADER]: attacker, [WEB_TIER_KEY_HEADER]: "x".repeat(40) });
    expect((await (await send({ [CLIENT_ADDRESS_HEADER]: attacker, [WEB_TIER_KEY_HEADER]: key })).json()).key).toBe(
      "LOGIN_FAILED",
    );
    for (let i = 1; i < CHALLENGE_AFTER_ADDRESS_FAILURES; i++)
      await send({ [CLIENT_ADDRESS_HEADER]: attacker, [WEB_TIER_KEY_HEADER]: key });
    expect(await (await send({ [CLIENT_ADDRESS_HEADER]: attacker, [WEB_TIER_KEY_HEADER]: key })).json()).toMatchObject(
      CAPTCHA_REQUIRED,
    );
  });
});

describe("site-wide bursts and shared counters", () => {
  it("a burst of failures asks everyone for the CAPTCHA; a user who passes it logs in at once", async () => {
    quiet();
    const user = await t.registerUser();
    for (let i = 0; i < CHALLENGE_AFTER_SITE_FAILURES; i++) await failLogin(uniquePhone());
    expect((await t.post("/login", { phone: user.phone, password: user.password })).body).toMatchObject(
      CAPTCHA_REQUIRED,
    );
    const reply = await t.post("/login", { phone: user.phone, password: user.password, ...(await t.captchaByWork()) });
    expect(reply.body.data.token).toMatch(TOKEN);
    // The burst window is 5 minutes.
    t.clock.advance(6 * MINUTE);
    expect(await t.login(user.phone, user.password)).toMatch(TOKEN);
  });

  it("the counts live in the database: another replica on the same database asks for the CAPTCHA too", async () => {
    quiet();
    const user = await t.registerUser();
    for (let i = 0; i < 3; i++) await failLogin(user.phone);
    const replica = createHttpApp({ ...t.ctx }, { sandbox: true, addressing: { role: "in-process" } });
    const reply = await replica.request("/api/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: encodeFields({ phone: user.phone, password: user.password }),
    });
    expect(await reply.json()).toMatchObject(CAPTCHA_REQUIRED);
  });
});

describe("CAPTCHA challenges", () => {
  it("pass once, not after they expire, and a wrong answer uses them up", async () => {
    quiet();
    const user = await t.registerUser();
    for (let i = 0; i < 3; i++) await failLogin(user.phone);
    const login = (captcha: Record<string, string>) =>
      t.post("/login", { phone: user.phone, password: "Wrong0pass", ...captcha });

    const used = await t.captchaByCode();
    expect((await login(used)).body.key).toBe("LOGIN_FAILED");
    expect((await login(used)).body.key).toBe("CAPTCHA_INVALID");

    const guessed = await t.captchaByCode();
    expect((await login({ ...guessed, captcha_code: "ZZZZZ" })).body.key).toBe("CAPTCHA_INVALID");
    expect((await login(guessed)).body.key).toBe("CAPTCHA_INVALID");

    const late = await t.captchaByCode();
    t.clock.advance(5 * MINUTE + 1000);
    expect((await login(late)).body.key).toBe("CAPTCHA_INVALID");

    // A proof of work solved for one challenge does not pass another.
    const work = await t.captchaByWork();
    const other = await t.captchaByCode();
    expect((await login({ captcha_id: other.captcha_id, captcha_pow: work.captcha_pow })).body.key).toBe(
      "CAPTCHA_INVALID",
    );
    // The image code is read case-insensitively, spaces ignored.
    const relaxed = await t.captchaByCode();
    const typed = ` ${relaxed.captcha_code.toLowerCase().slice(0, 2)} ${relaxed.captcha_code.slice(2)} `;
    expect((await login({ ...relaxed, captcha_code: typed })).body.key).toBe("LOGIN_FAILED");
  });

  it("the image is an SVG data URI and the puzzle a signed ALTCHA challenge", async () => {
    const reply = await t.post("/auth/get_captcha");
    expect(reply.body.status).toBe(0);
    const { image, pow, captcha_id } = reply.body.data;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image.split(",")[1], "base64").toString()).toContain("<svg");
    expect(JSON.parse(pow)).toMatchObject({ parameters: { algorithm: "SHA-256", data: { id: captcha_id } } });
    expect(JSON.parse(pow).signature).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("registration (§5)", () => {
  it("a wrong code does not tell whether the phone is registered", async () => {
    quiet();
    const user = await t.registerUser();
    const reply = await t.post("/register", { phone: user.phone, code: "123456", password: "Passw0rd123", agree: "1" });
    // Today's code answered 该手机号已注册 before looking at the code.
    expect(reply.body).toMatchObject({ status: 1, key: "CODE_INVALID" });
    const company = await t.post("/company_register", {
      phone: user.phone,
      code: "123456",
      password: "Passw0rd123",
      agree: "1",
      company_name: "某某科技有限公司",
      credit_code: "91350100M000100Y43",
      contact_name: "张三",
    });
    expect(company.body).toMatchObject({ status: 1, key: "CODE_INVALID" });
  });

  it("only the holder of a valid code learns that the phone is taken", async () => {
    quiet();
    const user = await t.registerUser();
    t.clock.advance(MINUTE + 1000);
    const code = await t.sendCode(user.phone, "register");
    const reply = await t.post("/register", { phone: user.phone, code, password: "Passw0rd123", agree: "1" });
    expect(reply.body).toMatchObject({ status: 1, key: "PHONE_REGISTERED" });
  });

  it("wrong codes count like failed logins: the CAPTCHA is asked after 3", async () => {
    quiet();
    const phone = uniquePhone();
    const code = await t.sendCode(phone, "register");
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 3; i++) await t.post("/register", { phone, code: wrong, password: "Passw0rd123", agree: "1" });
    expect((await t.post("/register", { phone, code, password: "Passw0rd123", agree: "1" })).body).toMatchObject(
      CAPTCHA_REQUIRED,
    );
    const reply = await t.post("/register", {
      phone,
      code,
      password: "Passw0rd123",
      agree: "1",
      ...(await t.captchaByCode()),
    });
    expect(reply.body.status).toBe(0);
  });
});

describe("SMS codes (§6)", () => {
  const send = (phone: string, headers: Record<string, string>, captcha: Record<string, string> = {}) =>
    t.post("/auth/send_verify_code", { phone, purpose: "register", ...captcha }, headers);

  it("an address that asked for one phone must pass a CAPTCHA for another", async () => {
    quiet();
    const address = from(uniqueIp());
    expect((await send(uniquePhone(), address)).body.status).toBe(0);
    const second = uniquePhone();
    expect((await send(second, address)).body).toMatchObject({ ...CAPTCHA_REQUIRED, data: { field: "captcha" } });
    expect((await send(second, address, await t.captchaByCode())).body.status).toBe(0);
    // Another address is not asked.
    expect((await send(uniquePhone(), from(uniqueIp()))).body.status).toBe(0);
  });

  it("clients of unknown address count as one sender: a CAPTCHA for every new phone, never a refusal", async () => {
    quiet();
    t.clock.advance(61 * MINUTE); // no code from an unknown address in the last hour
    const first = uniquePhone();
    expect((await send(first, {})).body.status).toBe(0);
    // Today's code kept no count for unknown addresses: one client reached 30 phones without a CAPTCHA.
    for (let i = 0; i < 30; i++) {
      const phone = uniquePhone();
      expect((await send(phone, {})).body, `phone ${i + 2}`).toMatchObject(CAPTCHA_REQUIRED);
      // A CAPTCHA, never the per-address refusal: past SMS_PER_ADDRESS_PER_HOUR the code still goes out.
      expect((await send(phone, {}, await t.captchaByCode())).body.status, `phone ${i + 2}`).toBe(0);
    }
    t.clock.advance(2 * MINUTE);
    expect((await send(first, {})).body.status).toBe(0); // the phone it asked for before
    expect((await send(uniquePhone(), from(uniqueIp()))).body.status).toBe(0); // a known address is its own sender
    t.clock.advance(61 * MINUTE);
  });

  it(`an address gets at most ${SMS_PER_ADDRESS_PER_HOUR} codes an hour, to any phones`, async () => {
    quiet();
    const address = from(uniqueIp());
    for (let i = 0; i < SMS_PER_ADDRESS_PER_HOUR; i++) {
      const reply = await send(uniquePhone(), address, i === 0 ? {} : await t.captchaByCode());
      expect(reply.body.status, `code ${i + 1}`).toBe(0);
    }
    const refused = await send(uniquePhone(), address, await t.captchaByCode());
    expect(refused.body).toMatchObject({ status: 1, key: "SMS_RATE_ADDRESS", data: { field: "phone" } });
    t.clock.advance(61 * MINUTE);
    expect((await send(uniquePhone(), address, await t.captchaByCode())).body.status).toBe(0);
  });

  it("past the site's hourly budget everyone is asked for the CAPTCHA, and an alert is logged once", async () => {
    quiet();
    t.clock.advance(61 * MINUTE);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // The budget's worth of codes this hour, as one counter (sending them one by one would only be slower).
      await addHits(t.db, t.ctx.now(), [{ bucket: "sms_site", subject: SITE }]);
      await t.db
        .update(rateCounters)
        .set({ hits: SMS_SITE_HOURLY_BUDGET })
        .where(
          and(
            eq(rateCounters.bucket, "sms_site"),
            gte(rateCounters.windowStart, new Date(t.ctx.now().getTime() - MINUTE)),
          ),
        );
      const phone = uniquePhone();
      expect((await send(phone, {})).body).toMatchObject(CAPTCHA_REQUIRED);
      expect((await send(uniquePhone(), {})).body).toMatchObject(CAPTCHA_REQUIRED);
      expect((await send(phone, {}, await t.captchaByCode())).body.status).toBe(0);
      const alerts = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith("[alert] sms_budget"));
      expect(alerts).toHaveLength(1);
    } finally {
      warn.mockRestore();
      t.clock.advance(61 * MINUTE);
    }
  });
});
