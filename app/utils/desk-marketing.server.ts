import { canRunMarketing, canSeePartners } from "../../platform/rules/marketing-desk";
import { requireStaff, type StaffGuard } from "./desk-session.server";

/** 积分商城 and 周年抽奖: a staff session (else /desk/login) of marketing (运营) or an admin (else 403). */
export async function requireMarketing(request: Request): Promise<StaffGuard> {
  const guard = await requireStaff(request);
  if (!canRunMarketing(guard.staff.role))
    throw new Response("只有运营或管理员可以管理积分商城和抽奖活动", { status: 403 });
  return guard;
}

/** 销售合伙人: finance or an admin (else 403). */
export async function requirePartnerDesk(request: Request): Promise<StaffGuard> {
  const guard = await requireStaff(request);
  if (!canSeePartners(guard.staff.role)) throw new Response("只有财务或管理员可以查看销售合伙人", { status: 403 });
  return guard;
}

/** The `$id` of a store item's page: a positive whole number, else a 404. */
export function storeItemIdParam(raw: string | undefined): number {
  const id = /^[1-9]\d{0,15}$/.test(raw ?? "") ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("没有这个商品", { status: 404 });
  return id;
}
