import { paymentCallbacks } from "../../db/wallet-schema";
import type { PayChannel, RawCallback } from "../../providers/payment/types";
import type { Ctx } from "../context";
import { creditPaidOrder } from "./credit-order";

type Outcome = (typeof paymentCallbacks.$inferInsert)["outcome"];

async function record(ctx: Ctx, provider: string, outcome: Outcome, outTradeNo: string | undefined, detail: string) {
  await ctx.db.insert(paymentCallbacks).values({
    provider,
    outcome,
    outTradeNo: outTradeNo?.slice(0, 64) ?? null,
    detail: detail.slice(0, 500),
    receivedAt: ctx.now(),
  });
  // Refusals are what an operator must see: forged, tampered or wrong-amount callbacks. Never the body (it may carry keys' output).
  if (outcome !== "credited" && outcome !== "duplicate")
    console.warn(`[payment] callback ${outcome} provider=${provider} out_trade_no=${outTradeNo ?? "-"} ${detail}`);
}

/**
 * Handles a provider's callback as it arrived (raw body and headers): the
 * provider verifies it (signature, decryption), then the order is credited at
 * most once. Every callback is recorded with what became of it. Returns whether
 * to acknowledge it (credited, duplicate, or a verified "not paid" notice), so
 * the provider stops resending.
 */
export async function handlePaymentCallback(
  ctx: Ctx,
  channel: PayChannel,
  raw: RawCallback,
): Promise<{ accepted: boolean }> {
  const provider = ctx.providers.payments[channel];
  const verdict = await provider.verifyCallback(raw);
  if (!verdict.verified) {
    const outcome: Outcome =
      verdict.reason === "signature" ? "refused_signature" : verdict.reason === "malformed" ? "malformed" : "not_paid";
    await record(ctx, provider.name, outcome, verdict.outTradeNo, verdict.detail);
    return { accepted: verdict.reason === "not_paid" };
  }
  const outcome = await creditPaidOrder(ctx, provider.name, channel, verdict.event);
  await record(ctx, provider.name, outcome, verdict.event.outTradeNo, `amount_fen=${verdict.event.amountFen}`);
  return { accepted: outcome === "credited" || outcome === "duplicate" };
}
