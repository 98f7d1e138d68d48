import { sql } from "drizzle-orm";
import type { ReferralRefusal } from "../../db/partner-schema";
import { activeUntil, touchBinds } from "../../rules/partner-commission";
import type { Ctx } from "../context";
import { date, num, rowsOf } from "../finance/rows";

export type BindingOutcome = { status: "bound" } | { status: "refused"; reason: ReferralRefusal } | { status: "none" };

/**
 * Why a new account may not be bound to the partner whose link its browser followed first (decision 114), or null:
 * the same phone as the partner; the browser was signed in to the partner's account (the same device) or to one of
 * its sub-accounts; the first touch is older than 30 days. The ID-number rule waits for the new account's
 * verification (`refuseSameIdNumbers`).
 */
function refusalOf(
  touch: { partnerUserId: number; partnerPhone: string; signedInUserId: number | null; signedInSub: boolean; at: Date },
  account: { phone: string },
  now: Date,
): ReferralRefusal | null {
  if (account.phone === touch.partnerPhone) return "same_phone";
  if (touch.signedInUserId === touch.partnerUserId) return touch.signedInSub ? "sub_account" : "same_device";
  if (!touchBinds(touch.at, now)) return "touch_expired";
  return null;
}

/**
 * Binds a just-registered account to the partner of its browser's first touch, or records why not. Never refuses
 * the registration: an unknown touch records nothing; one account is decided once (its primary key).
 */
export async function bindReferral(
  ctx: Pick<Ctx, "db" | "now">,
  input: { userId: number; phone: string; touchId: string },
): Promise<BindingOutcome> {
  if (!/^[a-f0-9]{32}$/.test(input.touchId)) return { status: "none" };
  const [touch] = await rowsOf<{
    partner_user_id: unknown;
    partner_phone: string;
    signed_in_user_id: unknown;
    signed_in_sub_account_id: unknown;
    created_at: unknown;
  }>(
    ctx.db,
    sql`select t.partner_user_id, u.phone as partner_phone, t.signed_in_user_id, t.signed_in_sub_account_id,
          t.created_at
        from referral_touches t join users u on u.id = t.partner_user_id where t.id = ${input.touchId}`,
  );
  if (!touch || num(touch.partner_user_id) === input.userId) return { status: "none" };
  const now = ctx.now();
  const reason = refusalOf(
    {
      partnerUserId: num(touch.partner_user_id),
      partnerPhone: touch.partner_phone,
      signedInUserId: touch.signed_in_user_id == null ? null : num(touch.signed_in_user_id),
      signedInSub: touch.signed_in_sub_account_id != null,
      at: date(touch.created_at),
    },
    { phone: input.phone },
    now,
  );
  const at = now.toISOString();
  await ctx.db.execute(sql`
    insert into referrals
      (referred_user_id, partner_user_id, touch_id, status, reason, registered_at, active_until, decided_at)
    values (${input.userId}, ${num(touch.partner_user_id)}, ${input.touchId}, ${reason ? "refused" : "bound"},
      ${reason}, ${at}::timestamptz, ${activeUntil(now).toISOString()}::timestamptz, ${at}::timestamptz)
    on conflict (referred_user_id) do nothing`);
  return reason ? { status: "refused", reason } : { status: "bound" };
}

/**
 * Refuses bindings whose referred account has since verified with the ID number the partner verified with (the
 * keyed hashes of platform/modules/verification), and drops their unsettled entries. Set-based; run before accrual.
 */
export async function refuseSameIdNumbers(ctx: Pick<Ctx, "db" | "now">): Promise<number> {
  const refused = await rowsOf<{ referred_user_id: unknown }>(
    ctx.db,
    sql`update referrals r set status = 'refused', reason = 'same_id_number', decided_at = ${ctx.now().toISOString()}::timestamptz
        where r.status = 'bound' and exists (
          select 1 from verification_entries mine join verification_entries theirs
            on theirs.id_number_hash = mine.id_number_hash
          where mine.user_id = r.referred_user_id and theirs.user_id = r.partner_user_id
            and mine.id_number_hash is not null and mine.status in ('pending', 'verified')
            and theirs.status in ('pending', 'verified'))
        returning r.referred_user_id`,
  );
  if (refused.length > 0)
    await ctx.db.execute(sql`delete from commission_entries where statement_id is null
      and referred_user_id in (${sql.join(
        refused.map((r) => sql`${num(r.referred_user_id)}`),
        sql`, `,
      )})`);
  return refused.length;
}
