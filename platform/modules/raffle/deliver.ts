import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { RafflePrizeKind } from "../../db/raffle-schema";
import { couponGroups } from "../../db/wallet-schema";
import { couponExpiresAtMs } from "../../rules/coupons";
import { num, rowsOf } from "../finance/rows";
import { awardPoints } from "../points/ledger";
import { postToLedger } from "../wallet/ledger";

export interface PrizeToDeliver {
  id: number;
  name: string;
  kind: RafflePrizeKind;
  amount: number;
  couponGroupId: number | null;
}

/**
 * Lands a prize at once, in the draw's transaction (the ledger and the points ledger join it), keyed by the draw:
 * vouchers into the voucher wallet (kind voucher), points as a "prize" lot, a coupon of the prize's group.
 * Answers where it landed, or null when the account already holds that group's coupon (one per account per group).
 */
export async function deliverPrize(
  tx: Db,
  now: Date,
  userId: number,
  drawId: number,
  prize: PrizeToDeliver,
): Promise<string | null> {
  const ctx = { db: tx, now: () => now };
  const operationKey = `raffle:draw:${drawId}`;
  const refersTo = `raffle_draw:${drawId}`;
  if (prize.kind === "voucher") {
    const { entries } = await postToLedger(ctx, {
      userId,
      operationKey,
      refersTo,
      note: `周年庆抽奖奖品：${prize.name}`,
      movements: [{ wallet: "voucher", kind: "voucher", amountFen: prize.amount }],
    });
    return `ledger:${entries[0]!.id}`;
  }
  if (prize.kind === "points") {
    const { entry } = await awardPoints(ctx, {
      userId,
      kind: "prize",
      points: prize.amount,
      operationKey,
      refersTo,
      note: `周年庆抽奖奖品：${prize.name}`,
    });
    return `points:${entry.id}`;
  }
  const [group] = await tx
    .select({ endAt: couponGroups.endAt, days: couponGroups.useTimeLimitDays })
    .from(couponGroups)
    .where(eq(couponGroups.id, prize.couponGroupId!));
  if (!group) return null;
  const expiresAt = new Date(couponExpiresAtMs(now.getTime(), group.days, group.endAt.getTime()));
  const [coupon] = await rowsOf<{ id: unknown }>(
    tx,
    sql`insert into user_coupons (user_id, group_id, claimed_at, expires_at)
        values (${userId}, ${prize.couponGroupId}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
        on conflict do nothing returning id`,
  );
  return coupon ? `coupon:${num(coupon.id)}` : null;
}
