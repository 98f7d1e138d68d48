/**
 * A finance history written the way the wallet writes it, for the finance
 * tests: recharge orders of each pay type (paid, pending, closed) with their
 * top-ups posted through the ledger, a voucher purchase order, a coupon, a
 * voucher spend, a credit quota and a cash purchase, spread over three
 * Asia/Shanghai days by the test clock.
 */
import { purchaseOrders, rechargeOrders } from "../../platform/db/wallet-schema";
import type { TestPlatform } from "./platform";
import { postToLedger } from "../../platform/modules/wallet/ledger";

export const HISTORY = {
  /** Σ cash top-ups by payment. */
  toppedUpFen: 100_00 + 50_50,
  /** Σ cash purchases. */
  cashSpentFen: 30_00 + 12_34,
  cashFen: 100_00 + 50_50 - 30_00 + 10_00 - 12_34,
  voucherFen: 31_50 - 5_00,
  creditFen: 200_00,
  entries: 8,
  orders: 5,
} as const;

const HOUR = 3_600_000;

/** Writes the history for `userId`; `tag` keeps order numbers unique across accounts. Takes 2 days of the clock. */
export async function writeHistory(t: TestPlatform, userId: number, tag: string): Promise<void> {
  const post = (key: string, refersTo: string, movements: Parameters<typeof postToLedger>[1]["movements"]) =>
    postToLedger(t.ctx, { userId, operationKey: `${tag}-${key}`, refersTo, movements });
  const at = () => t.clock.now();

  // Day 1: WeChat 100 paid, Alipay 50.50 paid, a transfer of 1000 pending, an Alipay QR of 20 closed.
  await t.db.insert(rechargeOrders).values([
    {
      outTradeNo: `${tag}-wx`,
      userId,
      amountFen: 100_00,
      payType: 1,
      status: "paid",
      provider: "sandbox",
      createdAt: at(),
      paidAt: at(),
    },
    {
      outTradeNo: `${tag}-ali`,
      userId,
      amountFen: 50_50,
      payType: 0,
      status: "paid",
      provider: "sandbox",
      createdAt: at(),
      paidAt: at(),
    },
    {
      outTradeNo: `${tag}-bank`,
      userId,
      amountFen: 1000_00,
      payType: 2,
      status: "pending",
      provider: "transfer",
      createdAt: at(),
    },
    {
      outTradeNo: `${tag}-closed`,
      userId,
      amountFen: 20_00,
      payType: 0,
      status: "closed",
      provider: "sandbox",
      createdAt: at(),
      closedAt: at(),
    },
  ]);
  await post("wx", `recharge:${tag}-wx`, [{ wallet: "cash", kind: "top_up", amountFen: 100_00 }]);
  await post("ali", `recharge:${tag}-ali`, [{ wallet: "cash", kind: "top_up", amountFen: 50_50 }]);

  // Day 2: vouchers bought with cash (30 → 31.50), a recharge coupon of 10, a credit quota of 200.
  t.clock.advance(24 * HOUR);
  await t.db.insert(purchaseOrders).values({
    orderNo: `${tag}-pm`,
    userId,
    kind: "power_money",
    amountFen: 30_00,
    paidCashFen: 30_00,
    refersTo: "voucher_offer:1",
    createdAt: at(),
  });
  await post("pm", `purchase:${tag}-pm`, [
    { wallet: "cash", kind: "purchase", amountFen: -30_00 },
    { wallet: "voucher", kind: "voucher", amountFen: 31_50 },
  ]);
  await post("coupon", "coupon:1", [{ wallet: "cash", kind: "coupon", amountFen: 10_00 }]);
  await post("credit", "ops:credit", [{ wallet: "credit", kind: "credit", amountFen: 200_00 }]);

  // Day 3: a rental paid 5 from vouchers, another 12.34 from cash.
  t.clock.advance(24 * HOUR);
  await post("rent-v", "instance:1", [{ wallet: "voucher", kind: "purchase", amountFen: -5_00 }]);
  await post("rent-c", "instance:2", [{ wallet: "cash", kind: "purchase", amountFen: -12_34 }]);
}
