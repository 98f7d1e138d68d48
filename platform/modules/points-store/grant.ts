import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { couponExpiresAtMs } from "../../rules/coupons";
import { fail } from "../errors";
import { date, num, rowsOf } from "../finance/rows";
import { postToLedger } from "../wallet/ledger";

/**
 * Gives the account one coupon of the group, in the exchange's transaction: the group must be live and aimed at
 * what the account is; its remaining count goes down by a conditional update, and the one-per-group unique index
 * refuses a second coupon (the whole exchange rolls back).
 */
export async function grantCoupon(tx: Db, userId: number, groupId: number, now: Date): Promise<number> {
  const [group] = await rowsOf<{ end_at: unknown; use_time_limit_days: unknown }>(
    tx,
    sql`update coupon_groups g set remain_num = g.remain_num - 1
        from users u
        where g.id = ${groupId} and u.id = ${userId} and g.remain_num > 0
          and g.begin_at <= ${now.toISOString()}::timestamptz and g.end_at > ${now.toISOString()}::timestamptz
          and (g.target_user_verify_type = 0
            or (g.target_user_verify_type = 1 and u.verified_as = 'student')
            or (g.target_user_verify_type = 2 and u.verified_as = 'enterprise'))
        returning g.end_at, g.use_time_limit_days`,
  );
  if (!group) return fail("STORE_ITEM_SOLD_OUT", "item_id", "该优惠券已发完或已下线，暂不能兑换");
  const expiresAt = new Date(
    couponExpiresAtMs(now.getTime(), num(group.use_time_limit_days), date(group.end_at).getTime()),
  );
  const [coupon] = await rowsOf<{ id: unknown }>(
    tx,
    sql`insert into user_coupons (user_id, group_id, claimed_at, expires_at)
        values (${userId}, ${groupId}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
        on conflict do nothing returning id`,
  );
  return coupon ? num(coupon.id) : fail("COUPON_ALREADY_CLAIMED", "item_id");
}

/** Puts compute vouchers into the account's voucher wallet through the money ledger, in the exchange's transaction. */
export async function grantVouchers(
  tx: Db,
  now: () => Date,
  input: { userId: number; amountFen: number; operationKey: string; itemName: string },
): Promise<void> {
  await postToLedger(
    { db: tx, now },
    {
      userId: input.userId,
      operationKey: input.operationKey,
      refersTo: input.operationKey,
      note: `积分兑换：${input.itemName}`.slice(0, 100),
      movements: [{ wallet: "voucher", kind: "voucher", amountFen: input.amountFen }],
    },
  );
}
