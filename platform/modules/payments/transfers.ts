import { and, eq } from "drizzle-orm";
import { rechargeOrders } from "../../db/wallet-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { creditPaidOrder } from "./credit-order";
import { OUT_TRADE_NO_PATTERN } from "./out-trade-no";
import type { RechargeOrder } from "./recharge-orders";
import { sendAccountMessage } from "../notices/messages";
import { fenToYuan } from "../../rules/money";

async function pendingTransfer(ctx: Ctx, outTradeNo: string): Promise<RechargeOrder> {
  if (!OUT_TRADE_NO_PATTERN.test(outTradeNo)) return fail("NOT_FOUND", "out-trade-no");
  const [order] = await ctx.db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.outTradeNo, outTradeNo), eq(rechargeOrders.payType, 2)))
    .limit(1);
  if (!order) return fail("NOT_FOUND", "out-trade-no");
  if (order.status !== "pending") return fail("ORDER_NOT_PENDING", "out-trade-no");
  return order;
}

const summary = (o: RechargeOrder) => ({
  outTradeNo: o.outTradeNo,
  userId: o.userId,
  amountFen: o.amountFen,
  status: o.status,
  providerTradeNo: o.providerTradeNo,
});

/**
 * An operator saw the transfer arrive: the order is credited like a paid QR
 * (once, through the ledger). `amountFen` is what arrived; it must equal the
 * order's amount, else nothing changes (reject it and let the customer make a
 * new order for what they sent).
 */
export async function confirmTransfer(ctx: Ctx, input: { outTradeNo: string; amountFen: number; reference: string }) {
  const before = await pendingTransfer(ctx, input.outTradeNo);
  if (input.amountFen !== before.amountFen)
    fail("AMOUNT_INVALID", "amount", `到账金额与订单金额不符：订单 ${before.amountFen} 分，到账 ${input.amountFen} 分`);
  const outcome = await creditPaidOrder(ctx, "transfer", null, {
    outTradeNo: before.outTradeNo,
    amountFen: input.amountFen,
    providerTradeNo: input.reference,
    paidAt: ctx.now(),
  });
  if (outcome !== "credited") fail("ORDER_NOT_PENDING", "out-trade-no");
  const [after] = await ctx.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, before.id));
  return { before: summary(before), after: summary(after!) };
}

/** An operator found no such transfer (or a wrong amount): the order is refused and nothing is credited. */
export async function rejectTransfer(ctx: Ctx, input: { outTradeNo: string; reason: string }) {
  const before = await pendingTransfer(ctx, input.outTradeNo);
  const [after] = await ctx.db
    .update(rechargeOrders)
    .set({ status: "rejected", closedAt: ctx.now() })
    .where(and(eq(rechargeOrders.id, before.id), eq(rechargeOrders.status, "pending")))
    .returning();
  if (!after) fail("ORDER_NOT_PENDING", "out-trade-no");
  await sendAccountMessage(
    ctx,
    before.userId,
    `对公转账订单 ${before.outTradeNo}（${fenToYuan(before.amountFen)} 元）未能确认到账：${input.reason}`,
  );
  return { before: summary(before), after: summary(after!) };
}
