/** /auth/send_verify_code and the life of a code: 10 minutes, single use, dead after 5 wrong tries. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCodes } from "../db/schema";
import { CLIENT_ADDRESS_HEADER } from "../contract/security";
import {
  startTestPlatform,
  uniqueIp,
  uniquePhone,
  HOUR,
  MINUTE,
  type TestPlatform,
} from "../../tests/support/platform";

const REASON = {
  minute: "验证码发送过于频繁，请1分钟后再试",
  hour: "该手机号1小时内已获取5次验证码，请1小时后再试",
  day: "该手机号今日已获取10次验证码，请明天再试",
  code: "验证码错误或已过期",
  tries: "验证码错误次数过多，请重新获取",
};

/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** Each request from an address of its own: only the per-phone rules under test apply (the sender rules: auth-challenge.test.ts). */
const send = (phone: string, purpose = "register") =>
  t.post("/auth/send_verify_code", { phone, purpose }, { [CLIENT_ADDRESS_HEADER]: uniqueIp() });
const register = (phone: string, code: string, captcha: Record<string, string> = {}) =>
  t.post("/register", { phone, code, password: "Passw0rd123", agree: "1", ...captcha });

describe("sending codes", () => {
  it("puts a 6-digit code in the sandbox outbox and keeps only its hash", async () => {
    const phone = uniquePhone();
    const reply = await send(phone);
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({ status: 0, reason: "" });
    const sms = await t.readSms(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ phone, purpose: "register" });
    expect(sms[0].code).toMatch(/^\d{6}$/);
    const rows = await t.db.select().from(verifyCodes).where(eq(verifyCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(sms[0].code);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers the same for a registered and an unregistered phone", async () => {
    const registered = await t.registerUser();
    t.clock.advance(MINUTE + 1000);
    const unregistered = uniquePhone();
    for (const purpose of ["login", "register", "unregister"]) {
      const a = await send(registered.phone, purpose);
      const b = await send(unregistered, purpose);
      expect(a.body.status).toBe(0);
      expect({ http: a.http, body: a.body }).toEqual({ http: b.http, body: b.body });
      t.clock.advance(MINUTE + 1000);
    }
  });

  it("refuses a bad phone or purpose", async () => {
    expect((await send("12345")).body).toMatchObject({ status: 1, reason: "请输入正确的11位手机号" });
    expect((await send(uniquePhone(), "steal")).body).toMatchObject({ status: 1, reason: "验证码用途不正确" });
  });

  it("allows one code a minute per phone", async () => {
    const phone = uniquePhone();
    expect((await send(phone)).body.status).toBe(0);
    expect((await send(phone)).body).toMatchObject({ status: 1, reason: REASON.minute });
    expect((await send(phone, "login")).body).toMatchObject({ status: 1, reason: REASON.minute });
    t.clock.advance(59_000);
    expect((await send(phone)).body).toMatchObject({ status: 1, reason: REASON.minute });
    t.clock.advance(1_000);
    expect((await send(phone)).body.status).toBe(0);
    expect(await t.readSms(phone)).toHaveLength(2);
  });

  it("refuses the 6th code within an hour, then allows it when the hour has passed", async () => {
    const phone = uniquePhone();
    const first = t.clock.now().getTime();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).body.status, `send ${i + 1}`).toBe(0);
      t.clock.advance(MINUTE + 1000);
    }
    const sixth = await send(phone);
    expect(sixth.body).toMatchObject({ status: 1, reason: REASON.hour });
    expect(sixth.body.reason).toMatch(/[\u4e00-\u9fa5]/);
    expect(await t.readSms(phone)).toHaveLength(5);
    t.clock.advance(first + HOUR + 1000 - t.clock.now().getTime());
    expect((await send(phone)).body.status).toBe(0);
    expect(await t.readSms(phone)).toHaveLength(6);
  });

  it("allows 10 codes a day", async () => {
    const phone = uniquePhone();
    const first = t.clock.now().getTime();
    for (let batch = 0; batch < 2; batch++) {
      for (let i = 0; i < 5; i++) {
        expect((await send(phone)).body.status, `batch ${batch} send ${i + 1}`).toBe(0);
        t.clock.advance(MINUTE + 1000);
      }
      t.clock.advance(HOUR);
    }
    expect((await send(phone)).body).toMatchObject({ status: 1, reason: REASON.day });
    t.clock.advance(10 * HOUR);
    expect((await send(phone)).body).toMatchObject({ status: 1, reason: REASON.day });
    expect(await t.readSms(phone)).toHaveLength(10);
    t.clock.advance(first + 24 * HOUR + 1000 - t.clock.now().getTime());
    expect((await send(phone)).body.status).toBe(0);
  });

  it("sends exactly one code when five requests for one phone arrive at once", async () => {
    const phone = uniquePhone();
    const replies = await Promise.all(Array.from({ length: 5 }, () => send(phone)));
    const statuses = replies.map((r) => r.body.status);
    expect(statuses.filter((s) => s === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.status !== 0)) expect(r.body.reason).toBe(REASON.minute);
    expect(await t.readSms(phone)).toHaveLength(1);
    expect(await t.db.select().from(verifyCodes).where(eq(verifyCodes.phone, phone))).toHaveLength(1);
  });
});

describe("using codes", () => {
  it("a code is valid for 10 minutes", async () => {
    const early = uniquePhone();
    const earlyCode = await t.sendCode(early);
    t.clock.advance(10 * MINUTE - 1000);
    expect((await register(early, earlyCode)).body.status).toBe(0);

    const late = uniquePhone();
    const lateCode = await t.sendCode(late);
    t.clock.advance(10 * MINUTE + 1000);
    expect((await register(late, lateCode)).body).toMatchObject({ status: 1, reason: REASON.code });
  });

  it("a code works once", async () => {
    const user = await t.registerUser();
    t.clock.advance(MINUTE + 1000);
    const code = await t.sendCode(user.phone, "login");
    const login = () => t.post("/login", { login_type: "code", phone: user.phone, code });
    expect((await login()).body.status).toBe(0);
    expect((await login()).body).toMatchObject({ status: 1, reason: REASON.code });
  });

  it("a code is bound to its purpose", async () => {
    const user = await t.registerUser();
    t.clock.advance(MINUTE + 1000);
    const code = await t.sendCode(user.phone, "unregister");
    const reply = await t.post("/login", { login_type: "code", phone: user.phone, code });
    expect(reply.body).toMatchObject({ status: 1, reason: REASON.code });
  });

  it("a code dies after 5 wrong tries, even for the right code; a new code works", async () => {
    const phone = uniquePhone();
    const code = await t.sendCode(phone);
    // From the fourth try on, each try must pass a CAPTCHA first (three failures for the phone).
    const tryRegister = async (c: string) => (await register(phone, c, i > 3 ? await t.captchaByCode() : {})).body;
    let i = 1;
    for (; i <= 4; i++) expect(await tryRegister(wrong(code)), `try ${i}`).toMatchObject({ reason: REASON.code });
    expect(await tryRegister(wrong(code))).toMatchObject({ status: 1, reason: REASON.tries });
    expect(await tryRegister(code)).toMatchObject({ status: 1, reason: REASON.tries });
    expect(await t.userByPhone(phone)).toBeUndefined();

    t.clock.advance(MINUTE + 1000);
    const fresh = await t.sendCode(phone);
    expect((await register(phone, fresh, await t.captchaByCode())).body.status).toBe(0);
  });

  // The two codes are equal once in a million runs; then the first registration would succeed.
  it("an older code stops working once a newer one is sent", async () => {
    const phone = uniquePhone();
    const older = await t.sendCode(phone);
    t.clock.advance(MINUTE + 1000);
    const newer = await t.sendCode(phone);
    expect((await register(phone, older)).body).toMatchObject({ status: 1, reason: REASON.code });
    expect((await register(phone, newer)).body.status).toBe(0);
  });
});
