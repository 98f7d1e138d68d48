import type { Caller, Ctx } from "../context";
import { fail } from "../errors";

/**
 * Coupons belong to the main account: a sub-account neither sees them nor
 * claims or uses them on its main account's behalf (decisions 028 and 031).
 */
export function mainAccountOnly(caller: Caller): void {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, "子账号不能查看、领取或使用优惠券");
}

/** Coupons reach only the database and the clock: the seed and operator commands give just these. */
export type CouponCtx = Pick<Ctx, "db" | "now">;
