/**
 * The coupons calls on the wire (spec §3, §7): names, yuan strings and epoch
 * seconds; IDOR (another user's coupon id: not found, nothing changes); a
 * sub-account refused on every call; page_size at most 50.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, subAccounts, users } from "../db/schema";
import { userCoupons } from "../db/wallet-schema";
import { createSession } from "../modules/accounts/sessions";
import { createCouponGroup } from "../modules/coupons/create-group";
import { ledgerSums } from "../modules/wallet/ledger";
import { DAY, startTestPlatform, uniquePhone, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

async function account(verifiedAs: "student" | null = null) {
  const [user] = await t.db
    .insert(users)
    .values({ phone: uniquePhone(), passwordHash: "-", nickname: "wire", verifiedAs })
    .returning({ id: users.id });
  return { userId: user!.id, token: await createSession(t.db, t.clock.now(), { userId: user!.id }) };
}

async function expectBalanced(userId: number) {
  const [row] = await t.db
    .select({ cash: users.moneyFen, voucher: users.powerMoneyFen, credit: users.creditQuotaFen })
    .from(users)
    .where(eq(users.id, userId));
  expect(row).toEqual(await ledgerSums(t.ctx, userId));
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

describe("coupons on the wire", () => {
  it("lists, claims, pages and uses with the spec's names", async () => {
    const me = await account();
    const now = t.clock.now();
    const voucher = await createCouponGroup(t.ctx, {
      name: "充值送 8.80 元",
      type: 0,
      amountFen: 8_80,
      useTimeLimitDays: 7,
      beginAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + 30 * DAY),
      totalNum: 10,
    });
    const discount = await createCouponGroup(t.ctx, {
      name: "4090 八五折",
      type: 1,
      discountBp: 8_500,
      moneyLimitFen: 50_00,
      targetGoods: ["4090"],
      targetUseMode: 1,
      beginAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + 30 * DAY),
      totalNum: 10,
    });

    const groups = await t.post("/get_all_user_visible_coupon_group", { session: me.token });
    expect(groups.body.status).toBe(0);
    expect(groups.body.data.find((g: { GroupId: number }) => g.GroupId === discount.id)).toEqual({
      GroupId: discount.id,
      Name: "4090 八五折",
      Type: 1,
      Amount: "0.00",
      Discount: 0.85,
      MoneyLimit: "50.00",
      UseTimeLimit: 0,
      TargetGoods: ["4090"],
      TargetImage: [],
      TargetUseMode: 1,
      TargetUserVerifyType: 0,
      BeginTime: seconds(discount.beginAt),
      EndTime: seconds(discount.endAt),
      RemainNum: 10,
      IsAssigned: false,
    });

    const claimed = await t.post("/assign_to_user", { session: me.token, group_id: voucher.id });
    expect(claimed.body).toMatchObject({
      status: 0,
      data: {
        IsUsed: false,
        Status: 0,
        CreateTime: seconds(now),
        ExpireTime: seconds(now) + 7 * 86_400,
        UseTime: null,
        CouponGroup: { GroupId: voucher.id, Amount: "8.80", RemainNum: 9, IsAssigned: true },
      },
    });
    const again = await t.post("/assign_to_user", { session: me.token, group_id: voucher.id });
    expect(again.body).toMatchObject({
      status: 1,
      key: "COUPON_ALREADY_CLAIMED",
      reason: "您已领取过该优惠券，每人限领一张",
    });

    const usable = await t.post("/get_user_assigned_coupon", { session: me.token, page: 1, page_size: 50, status: 0 });
    expect(usable.body.data).toMatchObject({ total: 1, page: 1, page_size: 50 });
    expect(usable.body.data.list[0].CouponId).toBe(claimed.body.data.CouponId);
    const tooBig = await t.post("/get_user_assigned_coupon", { session: me.token, page_size: 51 });
    expect(tooBig.body.status).toBe(1);
    const byDefault = await t.post("/get_user_assigned_coupon", { session: me.token });
    expect(byDefault.body.data.page_size).toBe(50);

    const used = await t.post("/use_money_coupon", { session: me.token, coupon_id: claimed.body.data.CouponId });
    expect(used.body).toEqual({
      status: 0,
      reason: "",
      data: { CouponId: claimed.body.data.CouponId, Amount: "8.80", Money: "8.80" },
    });
    const info = await t.post("/get_user_info", { session: me.token });
    expect(info.body.data.Money).toBe("8.80");
    const usedList = await t.post("/get_user_assigned_coupon", { session: me.token, status: 1 });
    expect(usedList.body.data.list[0]).toMatchObject({ IsUsed: true, Status: 1, UseTime: seconds(now) });
    await expectBalanced(me.userId);
  });

  it("a dead session is status 2 on every coupons call", async () => {
    for (const path of [
      "/get_all_user_visible_coupon_group",
      "/assign_to_user",
      "/get_user_assigned_coupon",
      "/use_money_coupon",
      "/get_user_coupon",
    ])
      expect((await t.post(path, { session: "x".repeat(43), group_id: 1, coupon_id: 1 })).body.status).toBe(2);
  });
});

describe("IDOR", () => {
  it("another user's coupon id is not found on /use_money_coupon and /get_user_coupon, and nothing changes", async () => {
    const owner = await account();
    const thief = await account();
    const now = t.clock.now();
    const g = await createCouponGroup(t.ctx, {
      name: "IDOR 充值券",
      type: 0,
      amountFen: 50_00,
      beginAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + DAY),
      totalNum: 5,
    });
    const claimed = await t.post("/assign_to_user", { session: owner.token, group_id: g.id });
    const couponId = claimed.body.data.CouponId as number;
    for (const path of ["/use_money_coupon", "/get_user_coupon"]) {
      const reply = await t.post(path, { session: thief.token, coupon_id: couponId });
      expect(reply.body).toMatchObject({ status: 1, key: "NOT_FOUND", reason: "优惠券不存在" });
    }
    const [row] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(row!.usedAt).toBeNull();
    for (const who of [owner, thief]) {
      expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, who.userId))).toEqual([]);
      await expectBalanced(who.userId);
    }
    // The owner still can.
    expect((await t.post("/get_user_coupon", { session: owner.token, coupon_id: couponId })).body.data.CouponId).toBe(
      couponId,
    );
  });
});

describe("a sub-account", () => {
  it("cannot list, claim, read or use coupons, and does not see its main account's", async () => {
    const main = await account();
    const [sub] = await t.db
      .insert(subAccounts)
      .values({ mainUserId: main.userId, name: "coupon-sub", passwordHash: "-", moneyLimitFen: 100_00 })
      .returning({ id: subAccounts.id });
    const subToken = await createSession(t.db, t.clock.now(), { userId: main.userId, subAccountId: sub!.id });
    const now = t.clock.now();
    const g = await createCouponGroup(t.ctx, {
      name: "子账号不可领",
      type: 0,
      amountFen: 3_00,
      beginAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + DAY),
      totalNum: 5,
    });
    const mine = await t.post("/assign_to_user", { session: main.token, group_id: g.id });
    const couponId = mine.body.data.CouponId as number;
    const calls: [string, Record<string, number>][] = [
      ["/get_all_user_visible_coupon_group", {}],
      ["/assign_to_user", { group_id: g.id }],
      ["/get_user_assigned_coupon", { status: 0 }],
      ["/get_user_coupon", { coupon_id: couponId }],
      ["/use_money_coupon", { coupon_id: couponId }],
    ];
    for (const [path, fields] of calls) {
      const reply = await t.post(path, { session: subToken, ...fields });
      expect(reply.body, path).toEqual({
        status: 1,
        key: "PERMISSION_DENIED",
        reason: "子账号不能查看、领取或使用优惠券",
        data: null,
      });
    }
    const [row] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(row!.usedAt).toBeNull();
    const held = await t.db.select().from(userCoupons).where(eq(userCoupons.groupId, g.id));
    expect(held).toHaveLength(1);
    await expectBalanced(main.userId);
  });
});
