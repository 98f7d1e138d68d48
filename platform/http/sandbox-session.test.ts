/** POST /sandbox/session, the e2e login fixture's door (docs/decisions/024-e2e-login-fixture.md). */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import { hashToken } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, uniquePhone, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const open = (body: unknown) =>
  t.request("/sandbox/session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("POST /sandbox/session", () => {
  it("registers a new phone and answers a real session: hashed row, user info, logout kills it", async () => {
    const phone = uniquePhone();
    const reply = await open({ phone, password: "Passw0rd123" });
    expect(reply.http).toBe(200);
    const { token } = reply.body as { phone: string; token: string };
    expect(reply.body).toMatchObject({ phone });
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row.subAccountId).toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await t.post("/get_user_info", { session: token })).body.data.Phone).toBe(phone);
    // The password given is the account's: the login form accepts it.
    expect(await t.login(phone, "Passw0rd123")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await t.post("/logout", { session: token });
    expect((await t.post("/get_user_info", { session: token })).body.status).toBe(2);
  });

  it("signs in to an existing account without changing it, and as one of its sub-accounts", async () => {
    const user = await t.registerUser();
    const caller = { origin: { ip: "local" }, sessionId: 0, userId: user.userId, subAccountId: null };
    await createSubAccount(t.ctx, caller, { name: "lab-a", password: "student1234", moneyLimitFen: 100 });
    const main = await open({ phone: user.phone, password: "ignored1" });
    expect(main.http).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.phone, user.phone))).toHaveLength(1);
    expect(await t.login(user.phone, user.password)).toBeTruthy();
    const sub = await open({ phone: user.phone, subAccountName: "lab-a" });
    const info = await t.post("/get_user_info", { session: (sub.body as { token: string }).token });
    expect(info.body.data.SubAccount.Name).toBe("lab-a");
  });

  it("refuses a bad phone, a weak password for a new account and an unknown sub-account", async () => {
    const refusal = async (body: unknown) => (await open(body)).body as { status: number; reason: string };
    expect(await refusal({ phone: "123" })).toMatchObject({ status: 1, reason: "请输入正确的11位手机号" });
    const weak = uniquePhone();
    expect(await refusal({ phone: weak, password: "short" })).toMatchObject({ status: 1, reason: /密码需为8-32位/ });
    expect(await t.db.select().from(users).where(eq(users.phone, weak))).toHaveLength(0);
    const user = await t.registerUser();
    expect(await refusal({ phone: user.phone, subAccountName: "nobody" })).toMatchObject({
      status: 1,
      reason: "没有这个子账号",
    });
  });
});
