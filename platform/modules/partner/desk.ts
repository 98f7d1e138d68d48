/**
 * Finance's view of the sales-partner program in /desk (issue 39 §2, docs/decisions/125): the partners (masked
 * phone, joined at, bound referred accounts, settled and withdrawn commission) and the refused bindings with their
 * reason (self-referral by phone, device or ID number; a sub-account; an expired touch), as `referrals` records them
 * (binding.ts). Read-only. Roles finance and admin only.
 */
import { sql } from "drizzle-orm";
import type { ReferralRefusal } from "../../db/partner-schema";
import { canSeePartners } from "../../rules/marketing-desk";
import { maskPhone } from "../../rules/partner-commission";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { date, num, rowsOf } from "../finance/rows";
import type { Page, PageRequest } from "../page";
import type { StaffCaller } from "../staff/caller";

function requirePartnerDesk(staff: Pick<StaffCaller, "role">): void {
  if (!canSeePartners(staff.role)) fail("PERMISSION_DENIED");
}

export interface DeskPartner {
  userId: number;
  maskedPhone: string;
  code: string;
  agreedAt: Date;
  referred: number;
  settledFen: number;
  withdrawnFen: number;
}

/** The partners, newest first. */
export async function listDeskPartners(ctx: Ctx, staff: StaffCaller, input: PageRequest): Promise<Page<DeskPartner>> {
  requirePartnerDesk(staff);
  const rows = await rowsOf<{
    user_id: unknown;
    phone: string;
    code: string;
    agreed_at: unknown;
    referred: unknown;
    settled_fen: unknown;
    withdrawn_fen: unknown;
  }>(
    ctx.db,
    sql`select p.user_id, u.phone, p.code, p.agreed_at, p.settled_fen, p.withdrawn_fen,
          (select count(*) from referrals r where r.partner_user_id = p.user_id and r.status = 'bound') as referred
        from sales_partners p join users u on u.id = p.user_id
        order by p.agreed_at desc, p.user_id desc
        limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const [total] = await rowsOf<{ n: unknown }>(ctx.db, sql`select count(*) as n from sales_partners`);
  return {
    items: rows.map((r) => ({
      userId: num(r.user_id),
      maskedPhone: maskPhone(r.phone),
      code: r.code,
      agreedAt: date(r.agreed_at),
      referred: num(r.referred),
      settledFen: num(r.settled_fen),
      withdrawnFen: num(r.withdrawn_fen),
    })),
    total: num(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

export interface RefusedBinding {
  referredMaskedPhone: string;
  partnerMaskedPhone: string;
  partnerCode: string;
  reason: ReferralRefusal;
  registeredAt: Date;
  decidedAt: Date;
}

/** The refused bindings, newest decision first. */
export async function listRefusedBindings(
  ctx: Ctx,
  staff: StaffCaller,
  input: PageRequest,
): Promise<Page<RefusedBinding>> {
  requirePartnerDesk(staff);
  const rows = await rowsOf<{
    referred_phone: string;
    partner_phone: string;
    code: string;
    reason: ReferralRefusal;
    registered_at: unknown;
    decided_at: unknown;
  }>(
    ctx.db,
    sql`select ru.phone as referred_phone, pu.phone as partner_phone, p.code, r.reason, r.registered_at, r.decided_at
        from referrals r
          join users ru on ru.id = r.referred_user_id
          join users pu on pu.id = r.partner_user_id
          join sales_partners p on p.user_id = r.partner_user_id
        where r.status = 'refused'
        order by r.decided_at desc, r.referred_user_id desc
        limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const [total] = await rowsOf<{ n: unknown }>(
    ctx.db,
    sql`select count(*) as n from referrals where status = 'refused'`,
  );
  return {
    items: rows.map((r) => ({
      referredMaskedPhone: maskPhone(r.referred_phone),
      partnerMaskedPhone: maskPhone(r.partner_phone),
      partnerCode: r.code,
      reason: r.reason,
      registeredAt: date(r.registered_at),
      decidedAt: date(r.decided_at),
    })),
    total: num(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}
