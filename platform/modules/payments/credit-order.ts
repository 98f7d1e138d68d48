import { eq } from "drizzle-orm";
import { rechargeOrders } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import type { PayChannel, PaymentEvent } from "../../providers/payment/types";
import { postToLedger } from "../wallet/ledger";
import type { Ctx } from "../context";
import { sendAccountMessage } from "../notices/messages";
import { fenToYuan } from "../../rules/money";
import { channelOf, type PayType } from "./pay-types";

/** What crediting a reported payment did. */
export type CreditOutcome = "credited" | "duplicate" | "refused_amount" | "unknown_order";

const PAY_TYPE_NOTES: Record<number, string> = { 0: "支付宝充值", 1: "微信充值", 2: "对公转账充值" };

/**
 * Credits a paid top-up exactly once: under the order row's lock, a pending
 * (or expired-but-paid) order of this provider with this exact amount becomes
 * paid, and its amount goes to cash through the ledger (operation key
 * recharge:<out_trade_no>), in one transaction. A repeat is a duplicate; a
 * different amount, another provider's or another channel's order (a WeChat
 * payment never pays an Alipay order, even when both are the sandbox) or an
 * unknown number changes nothing. `channel` is the channel that reported the
 * payment; null for a corporate transfer. A cash top-up repays arrears and so restores used credit first
 * (cash is the one balance; credit in use is its negative part).
 */
export async function creditPaidOrder(
  ctx: Pick<Ctx, "db" | "now">,
  provider: string,
  channel: PayChannel | null,
  event: PaymentEvent,
): Promise<CreditOutcome> {
  return inTransaction(ctx.db, async (tx) => {
    const [order] = await tx
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.outTradeNo, event.outTradeNo))
      .for("update");
    if (!order || order.provider !== provider || order.status === "rejected") return "unknown_order";
    if (channelOf(order.payType as PayType) !== channel) return "unknown_order";
    if (order.status === "paid") return "duplicate";
    if (order.amountFen !== event.amountFen) return "refused_amount";

    await tx
      .update(rechargeOrders)
      .set({ status: "paid", paidAt: event.paidAt, providerTradeNo: event.providerTradeNo })
      .where(eq(rechargeOrders.id, order.id));
    await postToLedger(
      { ...ctx, db: tx },
      {
        userId: order.userId,
        operationKey: `recharge:${order.outTradeNo}`,
        refersTo: `recharge:${order.outTradeNo}`,
        movements: [{ wallet: "cash", kind: "top_up", amountFen: order.amountFen }],
        note: PAY_TYPE_NOTES[order.payType],
      },
    );
    await sendAccountMessage(
      { ...ctx, db: tx },
      order.userId,
      `${PAY_TYPE_NOTES[order.payType]} ${fenToYuan(order.amountFen)} 元已到账，订单号 ${order.outTradeNo}`,
    );
    return "credited";
  });
}
