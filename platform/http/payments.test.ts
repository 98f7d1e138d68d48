/**
 * Top-up by QR payment and by corporate transfer (issue 10 §2): the calls, the
 * sandbox provider's page and signed callback, exactly-once crediting under
 * concurrency, refusals of forged and wrong-amount callbacks, QR expiry, the
 * operator's transfer confirmation, and scoping to the caller. Runs on PGlite
 * and, in CI, on PostgreSQL, where the concurrent callbacks really race.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, messages, users } from "../db/schema";
import { paymentCallbacks, rechargeOrders } from "../db/wallet-schema";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { ledgerSums, postToLedger } from "../modules/wallet/ledger";
import { expireRecharges } from "../jobs/expire-recharges";
import { SandboxPaymentProvider, type SandboxCallbackBody } from "../providers/payment/sandbox";
import { MINUTE, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

async function balances(userId: number) {
  const [row] = await t.db
    .select({ cash: users.moneyFen, credit: users.creditQuotaFen, accumulated: users.accumulatedTopUpFen })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** The account row equals the sum of its ledger entries. */
async function expectBalanced(userId: number) {
  const row = await t.db.select().from(users).where(eq(users.id, userId));
  const sums = await ledgerSums(t.ctx, userId);
  expect({ cash: row[0]!.moneyFen, voucher: row[0]!.powerMoneyFen, credit: row[0]!.creditQuotaFen }).toEqual(sums);
}

async function createQr(user: RegisteredUser, amount = "100", payType = "1") {
  const reply = await t.post("/create_qrcode", { session: user.token, amount, pay_type: payType });
  expect(reply.body).toMatchObject({ status: 0 });
  return reply.body.data as {
    out_trade_no: string;
    expires_at: string | null;
    wx_resp?: { data: { qrcode: string } };
    ali_resp?: { data: { qrcode: string } };
    transfer?: { note: string; account_no: string };
  };
}

const notify = (channel: "wechat" | "alipay", body: string, headers: Headers) =>
  t.request(`/api/pay/notify/${channel}`, { method: "POST", headers, body });

const signed = (body: SandboxCallbackBody, channel: "wechat" | "alipay" = "wechat") =>
  (t.ctx.providers.payments[channel] as SandboxPaymentProvider).signCallback(body);

const success = (outTradeNo: string, amountFen: number): SandboxCallbackBody => ({
  out_trade_no: outTradeNo,
  trade_state: "SUCCESS",
  amount_fen: amountFen,
  transaction_id: `T${outTradeNo}`,
  success_time: new Date().toISOString(),
});

const statusOf = async (user: RegisteredUser, outTradeNo: string) =>
  (await t.post("/get_order_status", { session: user.token, out_trade_no: outTradeNo })).body;

describe("create_qrcode", () => {
  it("creates a WeChat order whose QR encodes the sandbox payment page, valid five minutes", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "100", "1");
    expect(order.out_trade_no).toMatch(/^\d{24}$/);
    expect(order.wx_resp?.data.qrcode).toBe(`http://127.0.0.1:3000/sandbox/pay/${order.out_trade_no}`);
    expect(Date.parse(order.expires_at!) - t.clock.now().getTime()).toBe(5 * MINUTE);
    const qr = await t.post("/get_qrcode", { session: user.token, out_trade_no: order.out_trade_no });
    expect(qr.body.data).toMatchObject({ qrcode: order.wx_resp?.data.qrcode, amount: "100.00", pay_type: 1 });
    expect((await statusOf(user, order.out_trade_no)).data).toMatchObject({ Status: 0, amount: "100.00" });
  });

  it("answers an Alipay order under ali_resp", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "1,500.5", "0");
    expect(order.ali_resp?.data.qrcode).toContain("/sandbox/pay/");
    expect(order.wx_resp).toBeUndefined();
    expect((await statusOf(user, order.out_trade_no)).data).toMatchObject({ amount: "1500.50", pay_type: 0 });
  });

  it("refuses amounts outside spec §5 with 输入金额不合法 on the amount field, creating nothing", async () => {
    const user = await t.registerUser();
    for (const amount of ["abc", "1.234", "0", "0.00", "-1", "1,00", "1e3", " ", "12,3456", "1".repeat(51), "100元"]) {
      const reply = await t.post("/create_qrcode", { session: user.token, amount, pay_type: "1" });
      expect(reply.body, amount).toMatchObject({ status: 1, reason: "输入金额不合法", data: { field: "amount" } });
    }
    // Well formed (spec §5: up to 50 digits, thousands groups) but above the single top-up maximum: the real reason.
    for (const amount of [
      "1000000.01",
      "1".repeat(16),
      "9".repeat(50),
      "1,000,000,000,000,000.00",
      "12345678901234567",
    ]) {
      const tooLarge = await t.post("/create_qrcode", { session: user.token, amount, pay_type: "1" });
      expect(tooLarge.body, amount).toMatchObject({
        status: 1,
        reason: "单次充值金额不能超过 ¥1,000,000.00",
        data: { field: "amount" },
      });
    }
    const badType = await t.post("/create_qrcode", { session: user.token, amount: "100", pay_type: "7" });
    expect(badType.body).toMatchObject({ status: 1, reason: "请选择支付方式", data: { field: "pay_type" } });
    expect(await t.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, user.userId))).toEqual([]);
  });

  it("limits how many orders one account creates in ten minutes", async () => {
    const user = await t.registerUser();
    for (let i = 0; i < 10; i++) await createQr(user, "1");
    const refused = await t.post("/create_qrcode", { session: user.token, amount: "1", pay_type: "1" });
    expect(refused.body).toMatchObject({ status: 1, key: "RECHARGE_TOO_FREQUENT" });
    t.clock.advance(11 * MINUTE);
    await createQr(user, "1");
  });

  it("lets exactly 10 of 25 concurrent orders of one account through", async () => {
    const user = await t.registerUser();
    const replies = await Promise.all(
      Array.from({ length: 25 }, () => t.post("/create_qrcode", { session: user.token, amount: "1", pay_type: "1" })),
    );
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(10);
    expect(replies.filter((r) => r.body.key === "RECHARGE_TOO_FREQUENT")).toHaveLength(15);
    expect(await t.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, user.userId))).toHaveLength(10);
  });
});

describe("the sandbox payment page and its signed callback", () => {
  it("shows the amount with 确认支付 and 取消; confirming credits once and raises the membership tier", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "100", "1");
    const path = new URL(order.wx_resp!.data.qrcode).pathname;
    const pageBefore = await t.request(path);
    expect(pageBefore.http).toBe(200);
    expect(pageBefore.body).toContain("¥100.00");
    expect(pageBefore.body).toContain("确认支付");
    expect(pageBefore.body).toContain("取消");

    const cancelled = await t.request(path, { method: "POST", headers: form, body: "action=cancel" });
    expect(cancelled.body).toContain("已取消支付");
    expect((await statusOf(user, order.out_trade_no)).data.Status).toBe(0);

    const confirmed = await t.request(path, { method: "POST", headers: form, body: "action=confirm" });
    expect(confirmed.http).toBe(200);
    expect(confirmed.body).toContain("支付成功");
    expect((await statusOf(user, order.out_trade_no)).data).toMatchObject({ Status: 1 });
    expect(await balances(user.userId)).toMatchObject({ cash: 100_00, accumulated: 100_00 });
    const info = await t.post("/get_user_info", { session: user.token });
    expect(info.body.data).toMatchObject({ Money: "100.00", VipLevel: 1 });
    const texts = (await t.db.select().from(messages).where(eq(messages.userId, user.userId))).map((m) => m.message);
    expect(texts.some((m) => m.includes("微信充值 100.00 元已到账"))).toBe(true);

    const again = await t.request(path, { method: "POST", headers: form, body: "action=confirm" });
    expect(again.http).toBe(409);
    expect(await balances(user.userId)).toMatchObject({ cash: 100_00 });
    await expectBalanced(user.userId);
  });

  it("credits 20 concurrent identical callbacks once", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "88.8", "1");
    const callback = signed(success(order.out_trade_no, 88_80));
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => notify("wechat", callback.body, new Headers(callback.headers))),
    );
    expect(replies.every((r) => r.http === 200)).toBe(true);
    expect(await balances(user.userId)).toMatchObject({ cash: 88_80, accumulated: 88_80 });
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.userId));
    expect(entries).toHaveLength(1);
    const outcomes = await t.db
      .select({ outcome: paymentCallbacks.outcome })
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.outTradeNo, order.out_trade_no));
    expect(outcomes.filter((o) => o.outcome === "credited")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "duplicate")).toHaveLength(19);
    await expectBalanced(user.userId);
  });

  it("credits nothing for a forged signature, a tampered body, a wrong amount or another channel's order", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "50", "1");
    const forger = new SandboxPaymentProvider("wechat", {
      publicUrl: "http://x",
      secret: "another-secret-entirely-000",
    });
    const forged = forger.signCallback(success(order.out_trade_no, 50_00));
    expect((await notify("wechat", forged.body, forged.headers)).http).toBe(400);

    const genuine = signed(success(order.out_trade_no, 50_00));
    const tampered = genuine.body.replace('"amount_fen":5000', '"amount_fen":5001');
    expect((await notify("wechat", tampered, genuine.headers)).http).toBe(400);

    const wrongAmount = signed(success(order.out_trade_no, 5_000_00));
    expect((await notify("wechat", wrongAmount.body, wrongAmount.headers)).http).toBe(400);

    // Alipay's signature on this WeChat order: refused at both endpoints (the channel is signed and checked).
    const otherChannel = signed(success(order.out_trade_no, 50_00), "alipay");
    expect((await notify("alipay", otherChannel.body, otherChannel.headers)).http).toBe(400);
    expect((await notify("wechat", otherChannel.body, otherChannel.headers)).http).toBe(400);
    expect(await balances(user.userId)).toMatchObject({ cash: 0 });

    const paid = signed(success(order.out_trade_no, 50_00));
    expect((await notify("wechat", paid.body, paid.headers)).http).toBe(200);
    expect(await balances(user.userId)).toMatchObject({ cash: 50_00 });
    const outcomes = (
      await t.db
        .select({ outcome: paymentCallbacks.outcome })
        .from(paymentCallbacks)
        .where(eq(paymentCallbacks.outTradeNo, order.out_trade_no))
    ).map((o) => o.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(["refused_amount", "credited"]));
    const unsigned = (
      await t.db.select({ outcome: paymentCallbacks.outcome, detail: paymentCallbacks.detail }).from(paymentCallbacks)
    ).filter((o) => o.outcome === "refused_signature");
    expect(unsigned.length).toBeGreaterThanOrEqual(2);
    await expectBalanced(user.userId);
  });

  it("a WeChat-signed callback for an Alipay order is refused at either endpoint and credits nothing", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "30", "0");
    const wechatSigned = signed(success(order.out_trade_no, 30_00), "wechat");
    expect((await notify("wechat", wechatSigned.body, wechatSigned.headers)).http).toBe(400);
    expect((await notify("alipay", wechatSigned.body, wechatSigned.headers)).http).toBe(400);
    expect(await balances(user.userId)).toMatchObject({ cash: 0, accumulated: 0 });
    expect((await statusOf(user, order.out_trade_no)).data).toMatchObject({ Status: 0 });
    const outcomes = await t.db
      .select({ outcome: paymentCallbacks.outcome })
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.outTradeNo, order.out_trade_no));
    // At its own endpoint it is another channel's order; at Alipay's the signature fails before the body is read.
    expect(outcomes.map((o) => o.outcome)).toEqual(["unknown_order"]);

    // Its own channel's callback still pays it.
    const alipaySigned = signed(success(order.out_trade_no, 30_00), "alipay");
    expect((await notify("alipay", alipaySigned.body, alipaySigned.headers)).http).toBe(200);
    expect(await balances(user.userId)).toMatchObject({ cash: 30_00 });
    await expectBalanced(user.userId);
  });

  it("refuses a callback without signature headers, or not JSON, and an unknown channel", async () => {
    expect((await notify("wechat", "{}", new Headers({ "content-type": "application/json" }))).http).toBe(400);
    const genuine = signed(success("20260101000000" + "0000000000", 1));
    expect((await notify("wechat", genuine.body, genuine.headers)).http).toBe(400); // unknown order
    expect((await t.request("/api/pay/notify/paypal", { method: "POST", body: "{}" })).http).toBe(404);
  });
});

describe("QR expiry", () => {
  it("after five minutes the QR is gone (二维码未生成或者已过期!), the order closed, and the sandbox page refuses", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "10", "1");
    t.clock.advance(5 * MINUTE + 1000);
    const qr = await t.post("/get_qrcode", { session: user.token, out_trade_no: order.out_trade_no });
    expect(qr.body).toMatchObject({ status: 1, reason: "二维码未生成或者已过期!" });
    expect((await statusOf(user, order.out_trade_no)).data).toMatchObject({ Status: 2, expires_at: null });
    const path = new URL(order.wx_resp!.data.qrcode).pathname;
    const page = await t.request(path, { method: "POST", headers: form, body: "action=confirm" });
    expect(page.http).toBe(409);
    expect(await balances(user.userId)).toMatchObject({ cash: 0 });
  });

  it("still credits a payment whose callback arrives after the order was closed", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "20", "1");
    t.clock.advance(5 * MINUTE + 1000);
    expect((await statusOf(user, order.out_trade_no)).data.Status).toBe(2);
    // Paid in the QR's last second; the provider's callback comes now.
    const callback = signed(success(order.out_trade_no, 20_00));
    expect((await notify("wechat", callback.body, callback.headers)).http).toBe(200);
    expect((await statusOf(user, order.out_trade_no)).data.Status).toBe(1);
    expect(await balances(user.userId)).toMatchObject({ cash: 20_00 });
  });
});

describe("the expiry job", () => {
  it("closes QR orders nobody polled once their five minutes are over, and leaves live ones and transfers", async () => {
    const user = await t.registerUser();
    const stale = await createQr(user, "11", "1");
    const transfer = await createQr(user, "12", "2");
    t.clock.advance(4 * MINUTE);
    const live = await createQr(user, "13", "0");
    t.clock.advance(1 * MINUTE + 1000);
    expect(await expireRecharges(t.ctx)).toBeGreaterThanOrEqual(1);
    const rows = await t.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, user.userId));
    const statusOf = (no: string) => rows.find((r) => r.outTradeNo === no)?.status;
    expect(statusOf(stale.out_trade_no)).toBe("closed");
    expect(statusOf(live.out_trade_no)).toBe("pending");
    expect(statusOf(transfer.out_trade_no)).toBe("pending");
    expect(await expireRecharges(t.ctx)).toBe(0);
  });
});

describe("a top-up repays arrears and restores used credit first", () => {
  it("adds to cash, which is negative while credit is in use", async () => {
    const user = await t.registerUser();
    await postToLedger(t.ctx, {
      userId: user.userId,
      operationKey: "credit-grant",
      refersTo: "ops:credit",
      movements: [{ wallet: "credit", kind: "credit", amountFen: 300_00 }],
    });
    await postToLedger(t.ctx, {
      userId: user.userId,
      operationKey: "spend",
      refersTo: "instance:1",
      movements: [{ wallet: "cash", kind: "purchase", amountFen: -120_00 }],
    });
    const order = await createQr(user, "100", "1");
    const callback = signed(success(order.out_trade_no, 100_00));
    await notify("wechat", callback.body, callback.headers);
    expect(await balances(user.userId)).toMatchObject({ cash: -20_00, credit: 300_00, accumulated: 100_00 });
    const info = await t.post("/get_user_info", { session: user.token });
    expect(info.body.data).toMatchObject({ Money: "-20.00", CreditMoneyQuota: "300.00" });
    await expectBalanced(user.userId);
  });
});

describe("corporate transfer", () => {
  it("shows the bank details and the note, waits, and is credited once when an operator confirms the right amount", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "5000", "2");
    expect(order.expires_at).toBeNull();
    expect(order.transfer).toMatchObject({ note: order.out_trade_no, account_no: "6222 1111 2222 3333" });
    expect((await statusOf(user, order.out_trade_no)).data).toMatchObject({
      Status: 0,
      transfer: { note: order.out_trade_no },
    });
    expect((await t.post("/get_qrcode", { session: user.token, out_trade_no: order.out_trade_no })).body.reason).toBe(
      "二维码未生成或者已过期!",
    );

    const wrong = await t.ops("transfer confirm", { "out-trade-no": order.out_trade_no, amount: "4999.99" });
    expect(wrong.body).toMatchObject({ ok: false, error: "AMOUNT_INVALID" });
    expect(await balances(user.userId)).toMatchObject({ cash: 0 });

    const confirmed = await t.ops(
      "transfer confirm",
      { "out-trade-no": order.out_trade_no, amount: "5000", reference: "B123" },
      "finance-li",
    );
    expect(confirmed.body).toMatchObject({ ok: true, outcome: { target: `recharge:${order.out_trade_no}` } });
    expect(await balances(user.userId)).toMatchObject({ cash: 5000_00, accumulated: 5000_00 });
    expect((await statusOf(user, order.out_trade_no)).data.Status).toBe(1);

    const twice = await t.ops("transfer confirm", { "out-trade-no": order.out_trade_no, amount: "5000" });
    expect(twice.body).toMatchObject({ ok: false, error: "ORDER_NOT_PENDING" });
    expect(await balances(user.userId)).toMatchObject({ cash: 5000_00 });
    const info = await t.post("/get_user_info", { session: user.token });
    expect(info.body.data.VipLevel).toBe(2);
    await expectBalanced(user.userId);
  });

  it("a refused transfer credits nothing and tells the customer why", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "300", "2");
    const rejected = await t.ops("transfer reject", { "out-trade-no": order.out_trade_no, reason: "未查询到该笔转账" });
    expect(rejected.body).toMatchObject({ ok: true });
    expect((await statusOf(user, order.out_trade_no)).data.Status).toBe(3);
    const texts = (await t.db.select().from(messages).where(eq(messages.userId, user.userId))).map((m) => m.message);
    expect(texts.some((m) => m.includes("未查询到该笔转账"))).toBe(true);
    expect((await t.ops("transfer confirm", { "out-trade-no": order.out_trade_no, amount: "300" })).body).toMatchObject(
      {
        ok: false,
        error: "ORDER_NOT_PENDING",
      },
    );
    expect(await balances(user.userId)).toMatchObject({ cash: 0 });
  });

  it("a QR order cannot be confirmed as a transfer", async () => {
    const user = await t.registerUser();
    const order = await createQr(user, "10", "1");
    const reply = await t.ops("transfer confirm", { "out-trade-no": order.out_trade_no, amount: "10" });
    expect(reply.body).toMatchObject({ ok: false, error: "NOT_FOUND" });
  });
});

describe("scoping (IDOR)", () => {
  it("another user's out_trade_no is not found on every payment call, and nothing changes", async () => {
    const owner = await t.registerUser();
    const other = await t.registerUser();
    const order = await createQr(owner, "10", "1");
    for (const path of ["/get_qrcode", "/get_order_status"]) {
      const reply = await t.post(path, { session: other.token, out_trade_no: order.out_trade_no });
      expect(reply.body, path).toMatchObject({ status: 1, key: "NOT_FOUND" });
    }
    expect((await statusOf(owner, order.out_trade_no)).data.Status).toBe(0);
  });

  it("a sub-account cannot top up its main account's wallet nor read its orders", async () => {
    const main = await t.registerUser();
    const order = await createQr(main, "10", "1");
    const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: main.token });
    await createSubAccount(t.ctx, caller, { name: "pay-sub", password: "Paysub123", moneyLimitFen: 100_00 });
    const login = await t.post("/sub_account_login", { phone: main.phone, name: "pay-sub", password: "Paysub123" });
    const subToken = login.body.data.token as string;
    const create = await t.post("/create_qrcode", { session: subToken, amount: "100", pay_type: "1" });
    expect(create.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    for (const path of ["/get_qrcode", "/get_order_status"]) {
      const reply = await t.post(path, { session: subToken, out_trade_no: order.out_trade_no });
      expect(reply.body.status, path).toBe(1);
    }
  });

  it("malformed order numbers are not found without a 500", async () => {
    const user = await t.registerUser();
    for (const outTradeNo of ["", "x", "1".repeat(64), "'; drop table users; --"]) {
      const reply = await t.post("/get_order_status", { session: user.token, out_trade_no: outTradeNo });
      expect(reply.http).toBeLessThan(500);
      expect(reply.body.status).toBe(1);
    }
    expect((await t.request("/sandbox/pay/not-a-number")).http).toBe(404);
  });
});

const form = { "content-type": "application/x-www-form-urlencoded" };
