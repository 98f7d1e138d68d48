import { canReviewVerification } from "../../platform/rules/verification-review";
import { requireStaff, type StaffGuard } from "./desk-session.server";

/** The review desk's guard: a staff session (else /desk/login) of a reviewer, a lead or an admin (else 403). */
export async function requireReviewer(request: Request): Promise<StaffGuard> {
  const guard = await requireStaff(request);
  if (!canReviewVerification(guard.staff.role))
    throw new Response("只有审核员、组长或管理员可以审核实名认证", { status: 403 });
  return guard;
}

/** The `$id` of an application's page: a positive whole number, else the page is a 404. */
export function reviewIdParam(raw: string | undefined): number {
  const id = /^[1-9]\d{0,15}$/.test(raw ?? "") ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("没有这条认证申请", { status: 404 });
  return id;
}
