/** /unregister_check and /unregister: blockers, the SMS code, and what closing does. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subAccounts, users } from "../db/schema";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, MINUTE, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

const BLOCKED = "账号存在未处理事项，暂不能注销";
const DENIED = "没有权限执行该操作";

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());
const check = (session: string) => t.post("/unregister_check", { session });

/** A fresh 'unregister' code for the user (waits out the one-a-minute limit first). */
async function unregisterCode(user: RegisteredUser) {
  t.clock.advance(MINUTE + 1000);
  return t.sendCode(user.phone, "unregister");
}

describe("/unregister_check", () => {
  it("a new account can be closed", async () => {
    const user = await t.registerUser();
    expect((await check(user.token)).body).toMatchObject({ status: 0, data: { can_unregister: true, blockers: [] } });
  });

  it("a balance blocks closing", async () => {
    const user = await t.registerUser();
    await t.setWallets(user.userId, { cashFen: 12_34 });
    const { data } = (await check(user.token)).body;
    expect(data.can_unregister).toBe(false);
    expect(data.blockers).toEqual([{ key: "balance", message: "账户余额为 ¥12.34，请先提现或消费后再注销" }]);
  });

  it("arrears block closing", async () => {
    const user = await t.registerUser();
    await t.setWallets(user.userId, { creditFen: 100_00, cashFen: -30_00 });
    const { data } = (await check(user.token)).body;
    expect(data.can_unregister).toBe(false);
    expect(data.blockers).toEqual([{ key: "arrears", message: "账户欠费 ¥30.00，请先充值结清欠费" }]);
  });

  it("unused compute vouchers block closing", async () => {
    const user = await t.registerUser();
    await t.setWallets(user.userId, { voucherFen: 5_00 });
    const { data } = (await check(user.token)).body;
    expect(data.blockers.map((b: { key: string }) => b.key)).toEqual(["power_money"]);
  });
});

describe("/unregister", () => {
  it("is refused while a blocker remains, without using up the code", async () => {
    const user = await t.registerUser();
    await t.setWallets(user.userId, { cashFen: 1 });
    const code = await unregisterCode(user);
    expect((await t.post("/unregister", { session: user.token, code, agree: "1" })).body).toMatchObject({
      status: 1,
      reason: BLOCKED,
    });
    await t.setWallets(user.userId, { creditFen: 10_00, cashFen: -1 });
    expect((await t.post("/unregister", { session: user.token, code, agree: "1" })).body.reason).toBe(BLOCKED);
    expect((await t.userByPhone(user.phone))?.closedAt).toBeNull();

    await t.setWallets(user.userId, { cashFen: 0 });
    expect((await t.post("/unregister", { session: user.token, code, agree: "1" })).body.status).toBe(0);
  });

  it("needs agree=1 and a fresh code meant for closing", async () => {
    const user = await t.registerUser();
    t.clock.advance(MINUTE + 1000);
    const loginCode = await t.sendCode(user.phone, "login");
    const byLoginCode = await t.post("/unregister", { session: user.token, code: loginCode, agree: "1" });
    expect(byLoginCode.body).toMatchObject({ status: 1, reason: "验证码错误或已过期" });

    const stale = await unregisterCode(user);
    t.clock.advance(10 * MINUTE + 1000);
    const byStaleCode = await t.post("/unregister", { session: user.token, code: stale, agree: "1" });
    expect(byStaleCode.body).toMatchObject({ status: 1, reason: "验证码错误或已过期" });

    const code = await unregisterCode(user);
    for (const agree of [undefined, "0"]) {
      const reply = await t.post("/unregister", { session: user.token, code, agree });
      expect(reply.body, String(agree)).toMatchObject({ status: 1, reason: "请阅读并同意相关协议" });
    }
    expect((await t.userByPhone(user.phone))?.closedAt).toBeNull();
    expect((await t.post("/unregister", { session: user.token, code, agree: "1" })).body.status).toBe(0);
  });

  it("closes the account: sessions die, logins fail, sub-accounts stop, and the phone may register again", async () => {
    const user = await t.registerUser();
    const otherSession = await t.login(user.phone, user.password);
    await createSubAccount(t.ctx, await t.callerOf(user), {
      name: "worker",
      password: "Worker123",
      moneyLimitFen: 10_00,
    });
    const subLogin = await t.post("/sub_account_login", { phone: user.phone, name: "worker", password: "Worker123" });
    const subSession = subLogin.body.data.token as string;

    const code = await unregisterCode(user);
    expect((await t.post("/unregister", { session: user.token, code, agree: "1" })).body).toMatchObject({ status: 0 });

    for (const session of [user.token, otherSession, subSession]) {
      expect((await t.post("/get_user_info", { session })).body.status).toBe(2);
    }
    expect((await t.post("/login", { phone: user.phone, password: user.password })).body).toMatchObject({
      status: 1,
      reason: "手机号或密码错误",
    });
    const subAgain = await t.post("/sub_account_login", { phone: user.phone, name: "worker", password: "Worker123" });
    expect(subAgain.body.status).toBe(1);
    const [closed] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(closed.closedAt).toBeInstanceOf(Date);
    const [sub] = await t.db
      .select()
      .from(subAccounts)
      .where(and(eq(subAccounts.mainUserId, user.userId), eq(subAccounts.name, "worker")));
    expect(sub.disabledAt).toBeInstanceOf(Date);

    t.clock.advance(MINUTE + 1000);
    const again = await t.registerUser({ phone: user.phone, password: "Fresh1start" });
    expect(again.userId).not.toBe(user.userId);
    const info = await t.post("/get_user_info", { session: again.token });
    expect(info.body.data).toMatchObject({ Phone: user.phone, Money: "0.00" });
    expect(await t.login(user.phone, "Fresh1start")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("a sub-account session can neither check nor close", async () => {
    const user = await t.registerUser();
    await createSubAccount(t.ctx, await t.callerOf(user), { name: "worker", password: "Worker123", moneyLimitFen: 0 });
    const subLogin = await t.post("/sub_account_login", { phone: user.phone, name: "worker", password: "Worker123" });
    const session = subLogin.body.data.token as string;
    expect((await check(session)).body).toMatchObject({ status: 1, reason: DENIED });
    const code = await unregisterCode(user);
    expect((await t.post("/unregister", { session, code, agree: "1" })).body).toMatchObject({
      status: 1,
      reason: DENIED,
    });
    expect((await t.userByPhone(user.phone))?.closedAt).toBeNull();
    // The code was not spent by the refused attempt: the main account can still use it.
    expect((await t.post("/unregister", { session: user.token, code, agree: "1" })).body.status).toBe(0);
  });
});
