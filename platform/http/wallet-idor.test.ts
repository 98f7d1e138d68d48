/**
 * The wallet's IDOR walk (issue 10 §6): every wallet call that takes an id or
 * a number — orders, withdrawals, coupons, purchases — is called by another
 * account with the owner's ids, and every list call by the other account; the
 * answer is "not found" (or a list without the owner's rows), and nothing of
 * the owner's changes. A sub-account walks the same calls.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { rechargeOrders, withdrawals } from "../db/wallet-schema";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let owner: RegisteredUser;
let stranger: RegisteredUser;
let subToken: string;
const ids = { outTradeNo: "", withdrawalId: 0, purchaseKey: "owner-purchase-key-0001", couponId: 0 };

async function snapshot() {
  const [account] = await t.db.select().from(users).where(eq(users.id, owner.userId));
  const orders = await t.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, owner.userId));
  const held = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, owner.userId));
  return { account, orders, held };
}

beforeAll(async () => {
  t = await startTestPlatform();
  owner = await t.registerUser();
  stranger = await t.registerUser();
  // The owner's history: a paid top-up, a waiting QR, a withdrawal, a voucher purchase.
  const paid = await t.post("/create_qrcode", { session: owner.token, amount: "500", pay_type: "2" });
  await t.ops("transfer confirm", { "out-trade-no": paid.body.data.out_trade_no, amount: "500" });
  const waiting = await t.post("/create_qrcode", { session: owner.token, amount: "10", pay_type: "1" });
  ids.outTradeNo = waiting.body.data.out_trade_no;
  const asked = await t.post("/withdraw/create", {
    session: owner.token,
    amount: "50",
    destination: "招商银行 6225 0000 0000 0000 张三",
    idempotency_key: "owner-withdrawal-key-0001",
  });
  expect(asked.body.status).toBe(0);
  ids.withdrawalId = asked.body.data.Id;
  const [offers] = [(await t.post("/get_power_money_offers", { session: owner.token })).body.data.offers];
  const bought = await t.post("/buy_power_money", {
    session: owner.token,
    offer_id: offers[0].OfferId,
    operation_key: ids.purchaseKey,
  });
  expect(bought.body).toMatchObject({ status: 0 });

  // A recharge voucher (Type 0) the owner claimed and has not used yet.
  const groups = (await t.post("/get_all_user_visible_coupon_group", { session: owner.token })).body.data as {
    GroupId: number;
    Type: number;
    RemainNum: number;
  }[];
  const voucherGroup = groups.find((g) => g.Type === 0 && g.RemainNum > 0)!;
  const claimed = await t.post("/assign_to_user", { session: owner.token, group_id: voucherGroup.GroupId });
  expect(claimed.body).toMatchObject({ status: 0 });
  ids.couponId = claimed.body.data.CouponId;

  const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: owner.token });
  await createSubAccount(t.ctx, caller, { name: "idor-sub", password: "Idorsub123", moneyLimitFen: 100_00 });
  const login = await t.post("/sub_account_login", { phone: owner.phone, name: "idor-sub", password: "Idorsub123" });
  subToken = login.body.data.token;
});
afterAll(() => t.close());

describe("another account with the owner's ids", () => {
  it("is answered not found by every call that takes one, and nothing of the owner's changes", async () => {
    const before = await snapshot();
    const calls: [string, Record<string, string | number>][] = [
      ["/get_qrcode", { out_trade_no: ids.outTradeNo }],
      ["/get_order_status", { out_trade_no: ids.outTradeNo }],
      ["/withdraw/get_detail", { id: ids.withdrawalId }],
      ["/use_money_coupon", { coupon_id: ids.couponId }],
      ["/get_user_coupon", { coupon_id: ids.couponId }],
    ];
    for (const [path, fields] of calls) {
      const reply = await t.post(path, { session: stranger.token, ...fields });
      expect(reply.body, path).toMatchObject({ status: 1, key: "NOT_FOUND" });
    }
    // The owner's purchase key is the owner's: for the stranger it is a new purchase of its own (refused: no cash).
    const offers = (await t.post("/get_power_money_offers", { session: stranger.token })).body.data.offers;
    const replay = await t.post("/buy_power_money", {
      session: stranger.token,
      offer_id: offers[0].OfferId,
      operation_key: ids.purchaseKey,
    });
    expect(replay.body).toMatchObject({ status: 1, key: "BALANCE_BELOW_PRICE" });
    expect(await snapshot()).toEqual(before);
    const owned = await t.post("/get_user_coupon", { session: owner.token, coupon_id: ids.couponId });
    expect(owned.body.data).toMatchObject({ CouponId: ids.couponId, IsUsed: false });
  });

  it("sees none of the owner's rows in any list", async () => {
    const lists = [
      "/get_order",
      "/get_wallet_balance_change_list",
      "/withdraw/get_list",
      "/get_wallet_balance_change_export",
    ] as const;
    for (const path of lists) {
      const reply = await t.post(path, { session: stranger.token });
      expect(reply.body.status, path).toBe(0);
      expect(JSON.stringify(reply.body.data), path).not.toContain(ids.outTradeNo);
      expect(JSON.stringify(reply.body.data), path).not.toContain("招商银行");
    }
    const coupons = await t.post("/get_user_assigned_coupon", { session: stranger.token, page: 1, page_size: 50 });
    expect(coupons.body.status).toBe(0);
    expect((coupons.body.data.list as { CouponId: number }[]).map((c) => c.CouponId)).not.toContain(ids.couponId);
    const refundable = await t.post("/withdraw/get_refundable", { session: stranger.token });
    expect(refundable.body.data).toMatchObject({ Refundable: "0.00" });
  });
});

describe("a sub-account of the owner", () => {
  it("cannot top up, buy vouchers, withdraw, or read the main account's orders and records", async () => {
    const before = await snapshot();
    const refused: [string, Record<string, string | number>][] = [
      ["/create_qrcode", { amount: "100", pay_type: "1" }],
      ["/get_qrcode", { out_trade_no: ids.outTradeNo }],
      ["/get_order_status", { out_trade_no: ids.outTradeNo }],
      ["/buy_power_money", { offer_id: 1, operation_key: "sub-purchase-key-0001" }],
      ["/withdraw/create", { amount: "1", destination: "x 银行 1", idempotency_key: "sub-withdrawal-key-01" }],
      ["/withdraw/get_detail", { id: ids.withdrawalId }],
      ["/withdraw/get_list", {}],
      ["/withdraw/get_refundable", {}],
      ["/get_order", {}],
      ["/get_wallet_balance_change_list", {}],
      ["/get_wallet_balance_change_export", {}],
      ["/assign_to_user", { group_id: 1 }],
      ["/use_money_coupon", { coupon_id: ids.couponId }],
      ["/get_user_coupon", { coupon_id: ids.couponId }],
      ["/get_user_assigned_coupon", {}],
    ];
    for (const [path, fields] of refused) {
      const reply = await t.post(path, { session: subToken, ...fields });
      expect(reply.body.status, path).toBe(1);
      expect(["PERMISSION_DENIED", "NOT_FOUND"], path).toContain(reply.body.key);
      expect(JSON.stringify(reply.body), path).not.toContain("招商银行");
    }
    expect(await snapshot()).toEqual(before);
  });
});
