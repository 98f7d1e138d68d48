import { canHandleInvoices } from "../../platform/rules/invoices";
import { requireStaff, type StaffGuard } from "./desk-session.server";

/** Finance's desk guard: a staff session (else /desk/login) of finance or an admin (else 403). */
export async function requireFinance(request: Request): Promise<StaffGuard> {
  const guard = await requireStaff(request);
  if (!canHandleInvoices(guard.staff.role)) throw new Response("只有财务或管理员可以处理发票", { status: 403 });
  return guard;
}

/** The `$id` of an application's page: a positive whole number, else a 404. */
export function invoiceIdParam(raw: string | undefined): number {
  const id = /^[1-9]\d{0,15}$/.test(raw ?? "") ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("没有这条发票申请", { status: 404 });
  return id;
}
