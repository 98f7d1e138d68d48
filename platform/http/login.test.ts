/** /login (password and SMS code), its throttle, and /sub_account_login. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../db/seed";
import { sessions } from "../db/schema";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, uniquePhone, MINUTE, type TestPlatform } from "../../tests/support/platform";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const FAILED = "手机号或密码错误";
const CAPTCHA_REQUIRED = { status: 1, key: "CAPTCHA_REQUIRED", reason: "请完成安全验证", data: { field: "captcha" } };
const CAPTCHA_INVALID = { status: 1, key: "CAPTCHA_INVALID", data: { field: "captcha" } };
const SUB_FAILED = "主账号手机号、子账号名称或密码错误";

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const sessionCount = async (userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("/login by password", () => {
  it("issues a new working token at every login", async () => {
    const user = await t.registerUser();
    const first = await t.post("/login", { phone: user.phone, password: user.password });
    const second = await t.post("/login", { phone: user.phone, password: user.password });
    expect(first.body).toMatchObject({ status: 0, reason: "" });
    expect(first.body.data.token).toMatch(TOKEN);
    expect(second.body.data.token).toMatch(TOKEN);
    expect(new Set([user.token, first.body.data.token, second.body.data.token]).size).toBe(3);
    for (const session of [user.token, first.body.data.token, second.body.data.token]) {
      const info = await t.post("/get_user_info", { session });
      expect(info.body.data.Phone).toBe(user.phone);
    }
    expect(await sessionCount(user.userId)).toBe(3);
  });

  it("a wrong password gets status 1 with a reason and no session", async () => {
    const user = await t.registerUser();
    const reply = await t.post("/login", { phone: user.phone, password: "Wrong0pass" });
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({ status: 1, reason: FAILED });
    expect(JSON.stringify(reply.body.data ?? null)).not.toContain("token");
    expect(await sessionCount(user.userId)).toBe(1);
  });

  it("an unknown phone gets the same answer as a wrong password", async () => {
    const reply = await t.post("/login", { phone: uniquePhone(), password: "Passw0rd123" });
    expect(reply.body).toMatchObject({ status: 1, reason: FAILED });
  });

  it("after 3 failures for a phone asks for a CAPTCHA, and the owner still logs in with it at once", async () => {
    const user = await t.registerUser();
    for (let i = 1; i <= 3; i++) {
      const reply = await t.post("/login", { phone: user.phone, password: `Wrong${i}pass` });
      expect(reply.body, `failure ${i}`).toMatchObject({ status: 1, reason: FAILED });
    }
    // The right password alone is not enough any more: no token, the CAPTCHA is asked.
    const asked = await t.post("/login", { phone: user.phone, password: user.password });
    expect(asked.body).toMatchObject(CAPTCHA_REQUIRED);
    expect(await sessionCount(user.userId)).toBe(1);

    // An attacker keeps failing with solved CAPTCHAs: the owner is never locked out.
    for (let i = 4; i <= 8; i++) {
      const reply = await t.post("/login", {
        phone: user.phone,
        password: `Wrong${i}pass`,
        ...(await t.captchaByCode()),
      });
      expect(reply.body, `failure ${i}`).toMatchObject({ status: 1, reason: FAILED });
    }
    const wrongImage = { ...(await t.captchaByCode()), captcha_code: "22222" };
    expect((await t.post("/login", { phone: user.phone, password: user.password, ...wrongImage })).body).toMatchObject(
      CAPTCHA_INVALID,
    );
    const byImage = await t.post("/login", {
      phone: user.phone,
      password: user.password,
      ...(await t.captchaByCode()),
    });
    expect(byImage.body).toMatchObject({ status: 0 });
    expect(byImage.body.data.token).toMatch(TOKEN);

    // Another phone is not affected.
    const other = await t.registerUser();
    expect(await t.login(other.phone, other.password)).toMatch(TOKEN);
  });

  it("the proof of work passes the CAPTCHA as the image code does", async () => {
    const user = await t.registerUser();
    for (let i = 1; i <= 3; i++) await t.post("/login", { phone: user.phone, password: "Wrong0pass" });
    const reply = await t.post("/login", { phone: user.phone, password: user.password, ...(await t.captchaByWork()) });
    expect(reply.body).toMatchObject({ status: 0 });
  });

  it("a success clears the phone's failures", async () => {
    const user = await t.registerUser();
    for (let i = 0; i < 2; i++) await t.post("/login", { phone: user.phone, password: "Wrong0pass" });
    await t.login(user.phone, user.password);
    for (let i = 0; i < 2; i++) await t.post("/login", { phone: user.phone, password: "Wrong0pass" });
    expect(await t.login(user.phone, user.password)).toMatch(TOKEN);
  });

  it("the failures are forgotten after 15 minutes", async () => {
    const user = await t.registerUser();
    for (let i = 0; i < 3; i++) await t.post("/login", { phone: user.phone, password: "Wrong0pass" });
    expect((await t.post("/login", { phone: user.phone, password: user.password })).body).toMatchObject(
      CAPTCHA_REQUIRED,
    );
    t.clock.advance(16 * MINUTE);
    expect(await t.login(user.phone, user.password)).toMatch(TOKEN);
  });
});

describe("/login by SMS code", () => {
  it("logs in with a login code", async () => {
    const user = await t.registerUser();
    t.clock.advance(MINUTE + 1000);
    const code = await t.sendCode(user.phone, "login");
    const reply = await t.post("/login", { login_type: "code", phone: user.phone, code });
    expect(reply.body).toMatchObject({ status: 0 });
    expect(reply.body.data.token).toMatch(TOKEN);
    expect((await t.post("/get_user_info", { session: reply.body.data.token })).body.data.Phone).toBe(user.phone);
  });

  it("a phone without an account cannot log in by code", async () => {
    const phone = uniquePhone();
    const code = await t.sendCode(phone, "login");
    const reply = await t.post("/login", { login_type: "code", phone, code });
    expect(reply.body).toMatchObject({ status: 1, reason: "该手机号尚未注册" });
  });

  it("wrong codes count as failures: after 3 the CAPTCHA is asked", async () => {
    const user = await t.registerUser();
    t.clock.advance(MINUTE + 1000);
    const code = await t.sendCode(user.phone, "login");
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 3; i++) await t.post("/login", { login_type: "code", phone: user.phone, code: wrong });
    const reply = await t.post("/login", { login_type: "code", phone: user.phone, code });
    expect(reply.body).toMatchObject(CAPTCHA_REQUIRED);
    const passed = await t.post("/login", {
      login_type: "code",
      phone: user.phone,
      code,
      ...(await t.captchaByCode()),
    });
    expect(passed.body).toMatchObject({ status: 0 });
  });
});

describe("/sub_account_login", () => {
  it("logs the seeded sub-account in", async () => {
    const reply = await t.post("/sub_account_login", {
      phone: DEMO.phone,
      name: DEMO.subAccount.name,
      password: DEMO.subAccount.password,
    });
    expect(reply.body).toMatchObject({ status: 0 });
    expect(reply.body.data.token).toMatch(TOKEN);
    const info = await t.post("/get_user_info", { session: reply.body.data.token });
    expect(info.body.status).toBe(0);
    expect(info.body.data.Phone).toBe("138****0000"); // the main phone, masked (decision 028)
    expect(info.body.data.SubAccount).toEqual({
      Name: "lab-student",
      MoneyLimit: "500.00",
      MoneyUsed: "0.00",
      // The demo main account's seeded ¥1,000 credit quota (platform/db/seed-demo-wallet.ts) covers the whole limit.
      MoneyCanUse: "500.00",
    });
  });

  it("refuses a wrong password, an unknown name or an unknown main phone alike", async () => {
    const main = await t.registerUser();
    await createSubAccount(t.ctx, await t.callerOf(main), {
      name: "worker-1",
      password: "Worker1pass",
      moneyLimitFen: 100_00,
    });
    const attempts = [
      { phone: main.phone, name: "worker-1", password: "Wrong1pass" },
      { phone: main.phone, name: "worker-2", password: "Worker1pass" },
      { phone: uniquePhone(), name: "worker-1", password: "Worker1pass" },
    ];
    for (const fields of attempts) {
      expect((await t.post("/sub_account_login", fields)).body, JSON.stringify(fields)).toMatchObject({
        status: 1,
        reason: SUB_FAILED,
      });
    }
    const ok = await t.post("/sub_account_login", { phone: main.phone, name: "worker-1", password: "Worker1pass" });
    expect(ok.body.status).toBe(0);
  });

  it("a sub-account's password does not log in the main account, nor the reverse", async () => {
    const main = await t.registerUser();
    await createSubAccount(t.ctx, await t.callerOf(main), {
      name: "worker-1",
      password: "Worker1pass",
      moneyLimitFen: 0,
    });
    expect((await t.post("/login", { phone: main.phone, password: "Worker1pass" })).body.status).toBe(1);
    const reply = await t.post("/sub_account_login", { phone: main.phone, name: "worker-1", password: main.password });
    expect(reply.body).toMatchObject({ status: 1, reason: SUB_FAILED });
  });
});
