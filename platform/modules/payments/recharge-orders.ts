import { and, count, eq, gte } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/tx";
import { rechargeOrders } from "../../db/wallet-schema";
import { fenToYuan } from "../../rules/money";
import { PaymentProviderError } from "../../providers/payment/types";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { newOutTradeNo, OUT_TRADE_NO_PATTERN } from "./out-trade-no";
import {
  channelOf,
  MAX_ORDERS_PER_TEN_MINUTES,
  MAX_PENDING_TRANSFERS,
  MAX_RECHARGE_FEN,
  QR_VALIDITY_MS,
  type PayType,
} from "./pay-types";

export type RechargeOrder = typeof rechargeOrders.$inferSelect;

/** Sub-accounts spend their main account's money; they cannot top it up (issue 10 §6). */
function requireMainAccount(caller: Caller): void {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, "子账号不能充值，请联系主账号");
}

/**
 * Refuses an order past the account's limits. Runs inside the transaction that
 * inserts the order, after the account row was locked (see createRecharge).
 */
async function refuseTooFrequent(tx: Db, caller: Caller, payType: PayType, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 10 * 60_000);
  const [recent] = await tx
    .select({ n: count() })
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.userId, caller.userId), gte(rechargeOrders.createdAt, since)));
  if ((recent?.n ?? 0) >= MAX_ORDERS_PER_TEN_MINUTES) fail("RECHARGE_TOO_FREQUENT");
  if (payType !== 2) return;
  const [pending] = await tx
    .select({ n: count() })
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.userId, caller.userId),
        eq(rechargeOrders.payType, 2),
        eq(rechargeOrders.status, "pending"),
      ),
    );
  if ((pending?.n ?? 0) >= MAX_PENDING_TRANSFERS)
    fail(
      "RECHARGE_TOO_FREQUENT",
      undefined,
      `已有 ${MAX_PENDING_TRANSFERS} 笔对公转账等待确认，请等待财务确认后再提交`,
    );
}

/**
 * Creates a top-up order. The limits are counted and the order inserted in one
 * transaction holding the account row's lock, so concurrent requests of one
 * account queue and exactly the allowed number get through, on PostgreSQL too
 * (a count and then an insert let 13 of 25 through). A QR order is saved first, then created at the
 * provider (outside any transaction: it is a network call) and given its QR;
 * if the provider refuses, the order is closed and the caller told. A corporate
 * transfer only waits for an operator (`npm run ops -- transfer confirm`).
 */
export async function createRecharge(
  ctx: Ctx,
  caller: Caller,
  input: { amountFen: number; payType: PayType },
): Promise<RechargeOrder> {
  requireMainAccount(caller);
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) fail("AMOUNT_INVALID", "amount");
  if (input.amountFen > MAX_RECHARGE_FEN) fail("AMOUNT_TOO_LARGE", "amount");
  const channel = channelOf(input.payType);
  if (channel === null && ctx.site.transferAccount === null) fail("TRANSFER_UNAVAILABLE", "pay_type");
  const now = ctx.now();
  const provider = channel ? ctx.providers.payments[channel] : null;
  const [order] = await inTransaction(ctx.db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for("update");
    await refuseTooFrequent(tx, caller, input.payType, now);
    return tx
      .insert(rechargeOrders)
      .values({
        outTradeNo: newOutTradeNo(now),
        userId: caller.userId,
        amountFen: input.amountFen,
        payType: input.payType,
        provider: provider?.name ?? "transfer",
        qrExpiresAt: provider ? new Date(now.getTime() + QR_VALIDITY_MS) : null,
        createdAt: now,
      })
      .returning();
  });
  if (!provider || !channel) return order!;

  try {
    const { qrContent } = await provider.createQr({
      outTradeNo: order!.outTradeNo,
      amountFen: order!.amountFen,
      description: `账户充值 ${fenToYuan(order!.amountFen)} 元`,
      expiresAt: order!.qrExpiresAt!,
      notifyUrl: `${ctx.site.publicUrl}/api/pay/notify/${channel}`,
    });
    const [withQr] = await ctx.db
      .update(rechargeOrders)
      .set({ qrContent })
      .where(eq(rechargeOrders.id, order!.id))
      .returning();
    return withQr!;
  } catch (error) {
    await ctx.db
      .update(rechargeOrders)
      .set({ status: "closed", closedAt: ctx.now() })
      .where(and(eq(rechargeOrders.id, order!.id), eq(rechargeOrders.status, "pending")));
    const code = error instanceof PaymentProviderError ? error.providerCode : "error";
    console.warn(`[payment] create refused provider=${provider.name} out_trade_no=${order!.outTradeNo} code=${code}`);
    return fail("PAYMENT_PROVIDER_FAILED", "pay_type");
  }
}

/** The caller's own order by its number; anyone else's, or a malformed number, is simply not found. */
export async function findOwnRecharge(ctx: Ctx, caller: Caller, outTradeNo: string): Promise<RechargeOrder> {
  requireMainAccount(caller);
  if (!OUT_TRADE_NO_PATTERN.test(outTradeNo)) return fail("NOT_FOUND", "out_trade_no");
  const [order] = await ctx.db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.outTradeNo, outTradeNo), eq(rechargeOrders.userId, caller.userId)))
    .limit(1);
  return order ?? fail("NOT_FOUND", "out_trade_no");
}

/** Whether a QR order can still be paid at `now`. */
export const qrIsLive = (order: RechargeOrder, now: Date): boolean =>
  order.status === "pending" && order.qrContent !== null && order.qrExpiresAt !== null && order.qrExpiresAt > now;
