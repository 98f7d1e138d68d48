/** /get_user_info, /get_user_vip_info, the sub-account view, and /change_notice_email. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

describe("/get_user_info", () => {
  it("has every field of spec §3, amounts as yuan strings", async () => {
    const user = await t.registerUser();
    const reply = await t.post("/get_user_info", { session: user.token });
    expect(reply.body).toMatchObject({ status: 0, reason: "" });
    expect(reply.body.data).toMatchObject({
      Name: `用户${user.phone.slice(-4)}`,
      SubAccount: null,
      Phone: user.phone,
      VipLevel: 0,
      AccumulatedMoney: "0.00",
      Money: "0.00",
      PowerMoney: "0.00",
      CreditMoneyQuota: "0.00",
      userVipInfo: { vip_score: 0 },
    });
  });

  it("shows the account's balances and membership level", async () => {
    const user = await t.registerUser();
    await t.setWallets(user.userId, {
      cashFen: -50_00,
      creditFen: 2_000_00,
      voucherFen: 12_34,
      accumulatedFen: 1_500_99,
    });
    const { data } = (await t.post("/get_user_info", { session: user.token })).body;
    expect(data).toMatchObject({
      Money: "-50.00",
      CreditMoneyQuota: "2000.00",
      PowerMoney: "12.34",
      AccumulatedMoney: "1500.99",
      VipLevel: 2,
      userVipInfo: { vip_score: 1500 },
    });
  });

  it("needs a session", async () => {
    expect((await t.post("/get_user_info")).body).toMatchObject({ status: 2, reason: "登录已失效，请重新登录" });
  });

  it("adds the unread counts only when asked with with_unread=1", async () => {
    const user = await t.registerUser();
    expect((await t.post("/get_user_info", { session: user.token })).body.data).not.toHaveProperty("Unread");
    const asked = (await t.post("/get_user_info", { session: user.token, with_unread: "1" })).body;
    // A new account has its welcome notification and welcome message, and no work order.
    expect(asked.data.Unread).toEqual({ Notifications: 1, Messages: 1, WorkOrderReplies: false });
    await t.post("/notifications/set_read_all", { session: user.token });
    expect((await t.post("/get_user_info", { session: user.token, with_unread: "1" })).body.data.Unread).toEqual({
      Notifications: 0,
      Messages: 1,
      WorkOrderReplies: false,
    });
    expect((await t.post("/get_user_info", { session: user.token, with_unread: "yes" })).body).toMatchObject({
      status: 1,
      reason: "with_unread只能是0或1",
    });
  });
});

describe("/get_user_vip_info", () => {
  it("lists the five tiers with their discounts", async () => {
    const user = await t.registerUser();
    const reply = await t.post("/get_user_vip_info", { session: user.token });
    expect(reply.body.status).toBe(0);
    const tiers = reply.body.data.vipInfos as Array<{ VipLevel: number; Name: string; VipDiscount: number }>;
    expect(tiers.map((x) => x.VipLevel)).toEqual([0, 1, 2, 3, 4]);
    expect(tiers.map((x) => x.Name)).toEqual(["普通会员", "铜牌会员", "银牌会员", "金牌会员", "钻石会员"]);
    expect(tiers.map((x) => x.VipDiscount)).toEqual([1, 0.98, 0.97, 0.95, 0.94]);
  });

  it("needs a session", async () => {
    expect((await t.post("/get_user_vip_info")).body.status).toBe(2);
  });
});

describe("a sub-account's view", () => {
  async function subAccountSession() {
    const main = await t.registerUser();
    await createSubAccount(t.ctx, await t.callerOf(main), {
      name: "gpu-lab",
      password: "Gpulab123",
      moneyLimitFen: 500_00,
    });
    const login = await t.post("/sub_account_login", { phone: main.phone, name: "gpu-lab", password: "Gpulab123" });
    expect(login.body.status).toBe(0);
    return { main, session: login.body.data.token as string };
  }

  it("shows SubAccount with its limit; what it can use is bounded by the main account's money and credit", async () => {
    const { main, session } = await subAccountSession();
    const canUse = async () => {
      const { data } = (await t.post("/get_user_info", { session })).body;
      expect(data.SubAccount).toMatchObject({ Name: "gpu-lab", MoneyLimit: "500.00" });
      return data.SubAccount.MoneyCanUse as string;
    };
    expect(await canUse()).toBe("0.00");
    await t.setWallets(main.userId, { cashFen: 120_00 });
    expect(await canUse()).toBe("120.00");
    await t.setWallets(main.userId, { cashFen: 1_000_00 });
    expect(await canUse()).toBe("500.00");
    await t.setWallets(main.userId, { cashFen: -50_00, creditFen: 200_00 });
    expect(await canUse()).toBe("150.00");
    await t.setWallets(main.userId, { cashFen: -200_00, creditFen: 200_00 });
    expect(await canUse()).toBe("0.00");
  });

  it("cannot change the notice email of its main account", async () => {
    const { main, session } = await subAccountSession();
    const reply = await t.post("/change_notice_email", { session, email: "sub@example.com" });
    expect(reply.body).toMatchObject({ status: 1, reason: "没有权限执行该操作" });
    expect((await t.userByPhone(main.phone))?.noticeEmail).toBeNull();
  });
});

describe("/change_notice_email", () => {
  it("stores a valid address, normalised", async () => {
    const user = await t.registerUser();
    const reply = await t.post("/change_notice_email", { session: user.token, email: "  Ops.Team+gpu@Example.COM " });
    expect(reply.body).toMatchObject({ status: 0, data: { email: "ops.team+gpu@example.com" } });
    expect((await t.userByPhone(user.phone))?.noticeEmail).toBe("ops.team+gpu@example.com");
    const info = await t.post("/get_user_info", { session: user.token });
    expect(info.body.data.NoticeEmail).toBe("ops.team+gpu@example.com");
  });

  it("refuses an invalid address and keeps the old one", async () => {
    const user = await t.registerUser();
    await t.post("/change_notice_email", { session: user.token, email: "first@example.com" });
    for (const email of ["not-an-email", "a@b", "a b@example.com", "@example.com", "x@example.c"]) {
      const reply = await t.post("/change_notice_email", { session: user.token, email });
      expect(reply.body, email).toMatchObject({ status: 1, reason: "邮箱格式不正确", data: { field: "email" } });
    }
    expect((await t.post("/change_notice_email", { session: user.token, email: "  " })).body).toMatchObject({
      status: 1,
      reason: "请填写邮箱",
    });
    expect((await t.userByPhone(user.phone))?.noticeEmail).toBe("first@example.com");
  });
});
