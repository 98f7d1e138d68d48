import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";
import { rechargeOrders } from "./wallet-schema";
import { creditPaidOrder } from "../modules/payments/credit-order";
import { newOutTradeNo } from "../modules/payments/out-trade-no";
import { channelOf, type PayType } from "../modules/payments/pay-types";

const DAY = 24 * 3600_000;

/** The demo account's top-ups: one per pay type, credited by the real crediting path, and one QR left to expire. */
const DEMO_TOP_UPS: { daysAgo: number; payType: PayType; amountFen: number; outcome: "paid" | "closed" | "pending" }[] =
  [
    { daysAgo: 24, payType: 1, amountFen: 500_00, outcome: "paid" },
    { daysAgo: 17, payType: 0, amountFen: 1_200_00, outcome: "paid" },
    { daysAgo: 12, payType: 1, amountFen: 100_00, outcome: "closed" },
    { daysAgo: 9, payType: 2, amountFen: 2_000_00, outcome: "paid" },
    { daysAgo: 1, payType: 2, amountFen: 800_00, outcome: "pending" },
  ];

const PROVIDERS: Record<PayType, string> = { 0: "sandbox", 1: "sandbox", 2: "transfer" };

/**
 * Writes the demo account's top-up history (issue 10 §1) through the same
 * crediting function a payment callback uses, so its ledger, balance, tier and
 * messages are what real payments would leave: WeChat ¥500, Alipay ¥1,200 and
 * a confirmed corporate transfer of ¥2,000 (cumulative ¥3,700: 银牌会员), an
 * expired WeChat QR, and a transfer still waiting for finance. Runs once.
 */
export async function seedDemoTopUps(db: Db, phone: string): Promise<void> {
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.closedAt)))
    .limit(1);
  if (!demo) return;
  const [existing] = await db
    .select({ id: rechargeOrders.id })
    .from(rechargeOrders)
    .where(eq(rechargeOrders.userId, demo.id))
    .limit(1);
  if (existing) return;

  for (const top of DEMO_TOP_UPS) {
    const at = new Date(Date.now() - top.daysAgo * DAY);
    const qr = top.payType !== 2;
    const [order] = await db
      .insert(rechargeOrders)
      .values({
        outTradeNo: newOutTradeNo(at),
        userId: demo.id,
        amountFen: top.amountFen,
        payType: top.payType,
        provider: PROVIDERS[top.payType],
        status: top.outcome === "closed" ? "closed" : "pending",
        qrContent: qr ? "seeded" : null,
        qrExpiresAt: qr ? new Date(at.getTime() + 5 * 60_000) : null,
        createdAt: at,
        closedAt: top.outcome === "closed" ? new Date(at.getTime() + 5 * 60_000) : null,
      })
      .returning();
    if (top.outcome !== "paid") continue;
    const paidAt = new Date(at.getTime() + (qr ? 40_000 : 3 * 3600_000));
    await creditPaidOrder({ db, now: () => paidAt }, PROVIDERS[top.payType], channelOf(top.payType), {
      outTradeNo: order!.outTradeNo,
      amountFen: top.amountFen,
      providerTradeNo: qr ? `SANDBOXSEED${order!.id}` : "seed-bank-transfer",
      paidAt,
    });
  }
}
