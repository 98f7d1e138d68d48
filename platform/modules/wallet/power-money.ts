/**
 * Compute vouchers (PowerMoney, issue 10 §3, rules from 2024-06-05): offers
 * bought with cash only, never with credit or vouchers, through a purchase
 * order and one ledger posting (cash −price as a purchase, vouchers +amount).
 * Vouchers then pay rentals, renewals, upgrades and post-paid items before
 * cash (spend.ts); they never pay arrears.
 */
import { and, asc, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { voucherOffers } from "../../db/wallet-schema";
import type { Caller, Ctx } from "../context";

type WalletCtx = Pick<Ctx, "db" | "now">;
import { fail } from "../errors";
import { spendForPurchase, type PurchaseOrder } from "./spend";

export interface VoucherOffer {
  id: number;
  priceFen: number;
  voucherFen: number;
}

export interface VoucherPurchase {
  order: PurchaseOrder;
  offer: VoucherOffer;
  /** The account's vouchers and cash after the purchase. */
  voucherBalanceFen: number;
  cashBalanceFen: number;
}

export const SUB_ACCOUNT_CANNOT_BUY_VOUCHERS = "子账号不能购买算力券，请使用主账号购买";

/** The active offers, in their configured order. */
export async function listVoucherOffers(ctx: WalletCtx, _caller: Caller): Promise<VoucherOffer[]> {
  return ctx.db
    .select({ id: voucherOffers.id, priceFen: voucherOffers.priceFen, voucherFen: voucherOffers.voucherFen })
    .from(voucherOffers)
    .where(eq(voucherOffers.active, true))
    .orderBy(asc(voucherOffers.sortOrder), asc(voucherOffers.id));
}

/**
 * Buys one offer with the main account's cash. `operationKey` is the form's
 * key: the same key again answers the first purchase and moves nothing.
 * A sub-account may not buy vouchers.
 */
export async function buyVoucherOffer(
  ctx: WalletCtx,
  caller: Caller,
  input: { offerId: number; operationKey: string },
): Promise<VoucherPurchase> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, SUB_ACCOUNT_CANNOT_BUY_VOUCHERS);
  const [offer] = await ctx.db
    .select({ id: voucherOffers.id, priceFen: voucherOffers.priceFen, voucherFen: voucherOffers.voucherFen })
    .from(voucherOffers)
    .where(and(eq(voucherOffers.id, input.offerId), eq(voucherOffers.active, true)));
  if (!offer) return fail("NOT_FOUND", "offer_id", "该算力券套餐不存在或已下架");
  const order = await spendForPurchase(ctx, caller, {
    operationKey: `power_money:${input.operationKey}`,
    kind: "power_money",
    refersTo: `voucher_offer:${offer.id}`,
    priceFen: offer.priceFen,
    detail: { offerId: offer.id, priceFen: offer.priceFen, voucherFen: offer.voucherFen },
    allowVouchers: false,
    allowCredit: false,
    credits: [{ wallet: "voucher", kind: "voucher", amountFen: offer.voucherFen }],
  });
  const [after] = await ctx.db
    .select({ voucherFen: users.powerMoneyFen, cashFen: users.moneyFen })
    .from(users)
    .where(eq(users.id, caller.userId));
  return { order, offer, voucherBalanceFen: after!.voucherFen, cashBalanceFen: after!.cashFen };
}
