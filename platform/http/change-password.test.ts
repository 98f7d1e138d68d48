/**
 * 修改密码 (issue 38 §1): with the current password or an SMS code to the account's own phone; a wrong one changes
 * nothing and is counted toward the CAPTCHA; the new password works, the old does not; the other sessions end, this
 * one and the sub-accounts' stay; a site message tells the owner. Sub-accounts cannot call it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { messages } from "../db/schema";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});

afterAll(async () => {
  await t?.close();
});

const alive = async (token: string) => (await t.post("/get_user_info", { session: token })).body.status === 0;

describe("/change_password", () => {
  it("with the current password: the new one works, other sessions end, this one stays, a message is left", async () => {
    const user = await t.registerUser();
    const other = await t.login(user.phone, user.password);
    const reply = await t.post("/change_password", {
      session: user.token,
      old_password: user.password,
      password: "NewPass2026",
    });
    expect(reply.body).toMatchObject({ status: 0, data: { signed_out: 1 } });
    expect(await alive(user.token)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect((await t.post("/login", { phone: user.phone, password: user.password })).body.status).toBe(1);
    expect((await t.post("/login", { phone: user.phone, password: "NewPass2026" })).body.status).toBe(0);
    const [message] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.userId, user.userId))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(message?.message).toMatch(/^您的登录密码已于 \d{4}-\d\d-\d\d \d\d:\d\d（北京时间）修改/);
  });

  it("with an SMS code to its own phone when the password is forgotten", async () => {
    const user = await t.registerUser();
    t.clock.advance(61_000); // the registration's code was sent this minute
    const code = await t.sendCode(user.phone, "reset_password");
    const reply = await t.post("/change_password", { session: user.token, code, password: "ByCode2026x" });
    expect(reply.body).toMatchObject({ status: 0 });
    expect((await t.post("/login", { phone: user.phone, password: "ByCode2026x" })).body.status).toBe(0);
  });

  it("refuses a wrong current password, a wrong code, a weak or unchanged password, beside the field, changing nothing", async () => {
    const user = await t.registerUser();
    const cases: [Record<string, string>, string][] = [
      [{ old_password: "wrong-pass-1", password: "NewPass2026" }, "old_password"],
      [{ password: "NewPass2026" }, "old_password"],
      [{ code: "000000", password: "NewPass2026" }, "code"],
      [{ old_password: user.password, password: "short" }, "password"],
      [{ old_password: user.password, password: user.password }, "password"],
      [{ old_password: user.password, password: "x".repeat(200) }, "password"],
    ];
    for (const [fields, field] of cases) {
      const reply = await t.post("/change_password", { session: user.token, ...fields });
      expect(reply.body, JSON.stringify(fields)).toMatchObject({ status: 1, data: { field } });
    }
    expect((await t.post("/login", { phone: user.phone, password: user.password })).body.status).toBe(0);
  });

  it("asks for the CAPTCHA after repeated wrong current passwords", async () => {
    const user = await t.registerUser();
    for (let i = 0; i < 3; i++)
      await t.post("/change_password", {
        session: user.token,
        old_password: `wrong-${i}-pass`,
        password: "NewPass2026",
      });
    const reply = await t.post("/change_password", {
      session: user.token,
      old_password: user.password,
      password: "NewPass2026",
    });
    expect(reply.body.status).toBe(1);
    expect(reply.body.key).toMatch(/CAPTCHA/);
  });

  it("is refused to a sub-account, and the main account's change leaves the sub-account signed in", async () => {
    const user = await t.registerUser();
    await createSubAccount(t.ctx, await t.callerOf(user), { name: "pw-sub", password: "SubPass123", moneyLimitFen: 0 });
    const sub = (await t.post("/sub_account_login", { phone: user.phone, name: "pw-sub", password: "SubPass123" })).body
      .data.token as string;
    const refused = await t.post("/change_password", {
      session: sub,
      old_password: "SubPass123",
      password: "NewPass2026",
    });
    expect(refused.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    await t.post("/change_password", { session: user.token, old_password: user.password, password: "NewPass2026" });
    expect(await alive(sub)).toBe(true);
  });
});
