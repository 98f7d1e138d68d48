import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";
import { postToLedger } from "../modules/wallet/ledger";
import { buyVoucherOffer, listVoucherOffers } from "../modules/wallet/power-money";
import { DomainError } from "../modules/errors";

/**
 * The demo account's credit quota and compute vouchers, written through the
 * ledger (issue 10 §1): a ¥1,000 credit quota, a ¥50 voucher grant, and the
 * first voucher offer bought with the real buy function once the demo top-ups
 * have given it the cash. Fixed operation keys make every step idempotent, so
 * it runs on every start; the purchase happens on the first start that has the cash.
 */
export async function seedDemoWallet(db: Db, phone: string): Promise<void> {
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.closedAt)))
    .limit(1);
  if (!demo) return;
  const ctx = { db, now: () => new Date() };
  const caller = { origin: { ip: null }, sessionId: 0, userId: demo.id, subAccountId: null };
  await postToLedger(ctx, {
    userId: demo.id,
    operationKey: "seed:demo:credit",
    refersTo: "seed:demo",
    note: "演示账号授信额度",
    movements: [{ wallet: "credit", kind: "credit", amountFen: 1_000_00 }],
  });
  await postToLedger(ctx, {
    userId: demo.id,
    operationKey: "seed:demo:voucher-grant",
    refersTo: "seed:demo",
    note: "新用户算力券",
    movements: [{ wallet: "voucher", kind: "voucher", amountFen: 50_00 }],
  });
  const [offer] = await listVoucherOffers(ctx, caller);
  if (!offer) return;
  try {
    await buyVoucherOffer(ctx, caller, { offerId: offer.id, operationKey: "seed-demo" });
  } catch (error) {
    // Before the demo top-ups there is no cash to buy with: a later start buys it.
    if (!(error instanceof DomainError && error.key === "BALANCE_BELOW_PRICE")) throw error;
  }
}
