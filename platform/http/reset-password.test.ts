/**
 * /reset_password (忘记密码, issue 33 §4): a reset_password code and a new
 * password; every session of the account ends; a phone without an account gets
 * the same answer; wrong codes count towards the CAPTCHA (decision 025).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_AFTER_ACCOUNT_FAILURES } from "../modules/security/auth-guard";
import {
  MINUTE,
  startTestPlatform,
  uniquePhone,
  type RegisteredUser,
  type TestPlatform,
} from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const NEW_PASSWORD = "NewPassw0rd9";

/** A new account, a minute after its registration code (one code a minute per phone). */
async function account(): Promise<RegisteredUser> {
  const user = await t.registerUser();
  t.clock.advance(MINUTE + 1_000);
  return user;
}

describe("/reset_password", () => {
  it("sets the new password and ends every session of the account", async () => {
    const user = await account();
    const other = await t.login(user.phone, user.password);
    const code = await t.sendCode(user.phone, "reset_password");
    const reply = await t.post("/reset_password", { phone: user.phone, code, password: NEW_PASSWORD });
    expect(reply.body).toMatchObject({ status: 0, data: null });

    for (const token of [user.token, other])
      expect((await t.post("/get_user_info", { session: token })).body.status).toBe(2);
    expect((await t.post("/login", { phone: user.phone, password: user.password })).body.key).toBe("LOGIN_FAILED");
    expect(await t.login(user.phone, NEW_PASSWORD)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers a phone without an account exactly as one with", async () => {
    const user = await account();
    const stranger = uniquePhone();
    // Both codes are sent (t.sendCode throws on a refusal), and both resets answer the same.
    const known = await t.sendCode(user.phone, "reset_password");
    const unknown = await t.sendCode(stranger, "reset_password");
    const replies = [
      await t.post("/reset_password", { phone: user.phone, code: known, password: NEW_PASSWORD }),
      await t.post("/reset_password", { phone: stranger, code: unknown, password: NEW_PASSWORD }),
    ];
    expect(replies[1].http).toBe(replies[0].http);
    expect(replies[1].body).toEqual(replies[0].body);
    expect(await t.userByPhone(stranger)).toBeUndefined();
  });

  it("refuses a code sent for another purpose, a wrong code and a weak password, and changes nothing", async () => {
    const user = await account();
    const loginCode = await t.sendCode(user.phone, "login");
    const wrongPurpose = await t.post("/reset_password", {
      phone: user.phone,
      code: loginCode,
      password: NEW_PASSWORD,
    });
    expect(wrongPurpose.body).toMatchObject({ status: 1, key: "CODE_INVALID", data: { field: "code" } });
    const weak = await t.post("/reset_password", { phone: user.phone, code: "123456", password: "short" });
    expect(weak.body).toMatchObject({ status: 1, data: { field: "password" } });
    expect((await t.post("/get_user_info", { session: user.token })).body.status).toBe(0);
    expect(await t.login(user.phone, user.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("asks for the CAPTCHA after repeated wrong codes for one phone (a challenge, never a lockout)", async () => {
    const user = await account();
    await t.sendCode(user.phone, "reset_password");
    for (let i = 0; i < CHALLENGE_AFTER_ACCOUNT_FAILURES; i++)
      await t.post("/reset_password", { phone: user.phone, code: "000000", password: NEW_PASSWORD });
    const refused = await t.post("/reset_password", { phone: user.phone, code: "000000", password: NEW_PASSWORD });
    expect(refused.body.key).toBe("CAPTCHA_REQUIRED");
  });
});
