import { hashToken, isTokenShaped, resolveSession, touchSessionIfDue } from "../accounts/sessions";
import type { Caller, Visitor } from "../context";
import { fail } from "../errors";
import { mainAccountOnly, type CouponCtx } from "./main-account";
import { claimInLane, type ClaimAnswer } from "./claim-queue";
import type { ClaimRow } from "./claim-statement";
import { findUserCoupon, type UserCoupon } from "./user-coupons";

/** A claim's answer as the coupon or the refusal. */
function rowOf(answer: ClaimAnswer): ClaimRow {
  if ("conflict" in answer) return fail("COUPON_ALREADY_CLAIMED");
  return answer.row;
}

/** What a claim statement answered, as the coupon or the refusal. */
async function claimOutcome(ctx: CouponCtx, caller: Caller, row: ClaimRow): Promise<UserCoupon> {
  if (!row.visible) return fail("NOT_FOUND", "group_id", "优惠券不存在或已下线");
  if (row.held) return fail("COUPON_ALREADY_CLAIMED");
  if (row.couponId === null) return fail("COUPON_SOLD_OUT");
  const coupon = await findUserCoupon(ctx, caller, row.couponId);
  return coupon ?? fail("INTERNAL");
}

/**
 * `/assign_to_user`: one coupon of the group for the caller, in one statement
 * with the other claims of the group waiting at that moment, and so one
 * transaction and one round trip (docs/decisions/031; the steps are told in
 * claim-statement.ts, the waiting in claim-queue.ts).
 *
 * Runs on its own (autocommit): a refused insert would abort a surrounding
 * transaction.
 */
export async function claimCoupon(ctx: CouponCtx, caller: Caller, input: { groupId: number }): Promise<UserCoupon> {
  mainAccountOnly(caller);
  const row = rowOf(await claimInLane(ctx, false, input.groupId, String(caller.userId)));
  return claimOutcome(ctx, caller, row);
}

/**
 * `/assign_to_user` from a session token, as the HTTP call makes it: when the
 * token is a live main account's session, the session check and the claim are
 * one statement (a rush's common case: one round trip instead of two). When
 * the statement finds no such session, the session check of
 * accounts/sessions.ts decides, as on every signed-in call: status 2 for a dead
 * session, the sub-account refusal, or, for a caller it does find live, the
 * claim of claimCoupon.
 */
export async function claimCouponBySession(
  ctx: CouponCtx,
  visitor: Visitor,
  input: { token: string | undefined; groupId: number },
): Promise<UserCoupon> {
  const { token, groupId } = input;
  if (isTokenShaped(token)) {
    const row = rowOf(await claimInLane(ctx, true, groupId, hashToken(token)));
    if (row.sessionId !== null && row.userId !== null && row.lastSeenAt) {
      const caller: Caller = {
        origin: visitor.origin,
        sessionId: row.sessionId,
        userId: row.userId,
        subAccountId: null,
      };
      await touchSessionIfDue(ctx.db, { id: row.sessionId, lastSeenAt: row.lastSeenAt }, ctx.now());
      return claimOutcome(ctx, caller, row);
    }
  }
  return claimCoupon(ctx, await resolveSession(ctx, visitor, { token }), { groupId });
}
