import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { inTransaction, pgCode } from "../../db/tx";
import { maskPhone } from "../../rules/partner-commission";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "../../rules/referral-code";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { date, num, rowsOf } from "../finance/rows";

type PartnerCtx = Pick<Ctx, "db" | "now">;

function newCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

export interface PartnerStanding {
  /** Whether the caller may join: a verified main account. */
  verified: boolean;
  partner: { code: string; agreedAt: Date } | null;
}

/** Only main accounts take part; a sub-account is answered as if the program did not exist for it. */
function mainOnly(caller: Caller): number {
  if (caller.subAccountId !== null) fail("NOT_FOUND");
  return caller.userId;
}

/** Whether the caller is verified and whether it is a partner. */
export async function partnerStanding(ctx: PartnerCtx, caller: Caller): Promise<PartnerStanding> {
  const userId = mainOnly(caller);
  const [row] = await rowsOf<{ verified_as: string | null; code: string | null; agreed_at: unknown }>(
    ctx.db,
    sql`select u.verified_as, p.code, p.agreed_at from users u left join sales_partners p on p.user_id = u.id
        where u.id = ${userId}`,
  );
  if (!row) return fail("NOT_FOUND");
  return {
    verified: row.verified_as !== null,
    partner: row.code ? { code: row.code, agreedAt: date(row.agreed_at) } : null,
  };
}

/**
 * Joins the program after agreeing to its agreement: verified main accounts only. Joining twice answers the first
 * membership (the primary key decides under concurrency); a code taken by someone else is drawn again.
 */
export async function becomePartner(ctx: PartnerCtx, caller: Caller, input: { agreed: boolean }) {
  const userId = mainOnly(caller);
  if (!input.agreed) fail("AGREEMENT_REQUIRED", "agree", "请阅读并同意《销售合伙人协议》");
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(ctx.db, async (tx) => {
        const [user] = await rowsOf<{ verified_as: string | null }>(
          tx,
          sql`select verified_as from users where id = ${userId}`,
        );
        if (!user) return fail("NOT_FOUND");
        if (user.verified_as === null) return fail("PARTNER_NOT_VERIFIED");
        await tx.execute(sql`insert into sales_partners (user_id, code, agreed_at)
          values (${userId}, ${newCode()}, ${ctx.now().toISOString()}::timestamptz)
          on conflict (user_id) do nothing`);
        const [row] = await rowsOf<{ code: string; agreed_at: unknown }>(
          tx,
          sql`select code, agreed_at from sales_partners where user_id = ${userId}`,
        );
        return { code: row!.code, agreedAt: date(row!.agreed_at) };
      });
    } catch (error) {
      if (pgCode(error) !== "23505" || attempt >= 5) throw error;
    }
  }
}

/** The caller's partner row, or NOT_FOUND (not a partner, or a sub-account). */
export async function partnerOf(ctx: PartnerCtx, caller: Caller): Promise<{ userId: number; code: string }> {
  const userId = mainOnly(caller);
  const [row] = await rowsOf<{ code: string }>(ctx.db, sql`select code from sales_partners where user_id = ${userId}`);
  return row ? { userId, code: row.code } : fail("NOT_FOUND");
}

export interface ReferredAccount {
  maskedPhone: string;
  registeredAt: Date;
  activeUntil: Date;
}

/** The partner's bound referred accounts, newest first (refused bindings are not listed). */
export async function referredAccounts(ctx: PartnerCtx, caller: Caller): Promise<ReferredAccount[]> {
  const { userId } = await partnerOf(ctx, caller);
  const rows = await rowsOf<{ phone: string; registered_at: unknown; active_until: unknown }>(
    ctx.db,
    sql`select u.phone, r.registered_at, r.active_until from referrals r join users u on u.id = r.referred_user_id
        where r.partner_user_id = ${userId} and r.status = 'bound'
        order by r.registered_at desc, r.referred_user_id desc limit 200`,
  );
  return rows.map((r) => ({
    maskedPhone: maskPhone(r.phone),
    registeredAt: date(r.registered_at),
    activeUntil: date(r.active_until),
  }));
}

/** This month's net referred cash spending (purchases − refunds, accrued so far). */
export async function monthSpendOf(ctx: PartnerCtx, partnerUserId: number, month: string): Promise<number> {
  const [row] = await rowsOf<{ net: unknown }>(
    ctx.db,
    sql`select coalesce(sum(case when kind = 'spend' then amount_fen else -amount_fen end), 0) as net
        from commission_entries where partner_user_id = ${partnerUserId} and month = ${month}`,
  );
  return num(row?.net ?? 0);
}
