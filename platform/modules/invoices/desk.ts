/**
 * Finance's side of invoices in /desk (issue 39 §1, docs/decisions/112 and 113): the queue, issuing an application
 * with the PDF from the tax system (or, outside production, a generated sample marked 样例), rejecting it with a
 * reason, and confirming a red-letter reversal (红冲) with its PDF. Roles finance and admin only. The PDF is checked
 * like every upload and stored before the transaction (no provider call inside one); the status change is
 * conditional on the status it leaves, so of two concurrent decisions one wins and the other's file is removed.
 * Every decision is audited, tells the user by site message, and an issued invoice is e-mailed through the outbox.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { invoices, type InvoiceStatus } from "../../db/invoice-schema";
import { inTransaction } from "../../db/tx";
import { formatMoney, formatYuan } from "../../rules/money";
import { canHandleInvoices, INVOICE_KIND_LABELS, invoicePdfName } from "../../rules/invoices";
import type { Ctx } from "../context";
import { emailDelivery, queueDeliveries } from "../deliveries/queue";
import { fail } from "../errors";
import { sendAccountMessage } from "../notices/messages";
import type { Page, PageRequest } from "../page";
import { recordStaffAudit } from "../staff/audit";
import type { StaffCaller } from "../staff/caller";
import { inspectUpload } from "../uploads/inspect";
import { toInvoice, type Invoice } from "./applications";
import { sampleInvoicePdf } from "./sample-pdf";

export const INVOICE_AUDIT = {
  target: "invoice",
  issue: "invoice.issue",
  reject: "invoice.reject",
  reverse: "invoice.reverse",
} as const;

export function requireFinance(staff: Pick<StaffCaller, "role">): void {
  if (!canHandleInvoices(staff.role)) fail("PERMISSION_DENIED");
}

/** The queue: applications in the given statuses (default: what waits for finance), oldest first. */
export async function listInvoiceQueue(
  ctx: Ctx,
  staff: StaffCaller,
  input: PageRequest & { statuses: InvoiceStatus[] },
): Promise<Page<Invoice>> {
  requireFinance(staff);
  const where = inArray(invoices.status, input.statuses);
  const waiting = input.statuses.every((s) => s === "pending" || s === "reversal_requested");
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(waiting ? invoices.id : desc(invoices.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(invoices).where(where);
  return { items: rows.map(toInvoice), total: Number(total?.n ?? 0), page: input.page, pageSize: input.pageSize };
}

export async function invoiceForDesk(ctx: Ctx, staff: StaffCaller, id: number): Promise<Invoice> {
  requireFinance(staff);
  if (!Number.isSafeInteger(id)) fail("NOT_FOUND");
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
  return row ? toInvoice(row) : fail("NOT_FOUND");
}

/** The PDF to store: the uploaded one (it must be a PDF), or, outside production, a generated sample. */
async function pdfToStore(
  ctx: Ctx,
  invoice: Invoice,
  file: { name: string; bytes: Uint8Array } | null,
  red: boolean,
): Promise<{ bytes: Uint8Array; sample: boolean }> {
  if (file) {
    const inspected = await inspectUpload(file);
    if (inspected.mime !== "application/pdf") fail("INVOICE_PDF_REQUIRED", "file");
    return { bytes: inspected.bytes, sample: false };
  }
  if (!ctx.site.sandboxSamples) fail("INVOICE_PDF_REQUIRED", "file");
  const heading = `${red ? "红字" : ""}${INVOICE_KIND_LABELS[invoice.kind]}`;
  const lines = [
    `发票编号：${invoice.id}`,
    `购买方名称：${invoice.titleName}`,
    ...(invoice.taxNumber ? [`纳税人识别号：${invoice.taxNumber}`] : []),
    `价税合计：${red ? "-" : ""}¥${formatYuan(invoice.amountFen)}`,
    `开票日期：${ctx.now().toISOString().slice(0, 10)}`,
  ];
  return { bytes: sampleInvoicePdf({ heading, lines }, { red }), sample: true };
}

async function storePdf(ctx: Ctx, bytes: Uint8Array): Promise<string> {
  const now = ctx.now();
  const key = `invoices/${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}`;
  await ctx.providers.storage.put(key, bytes, "application/pdf");
  return key;
}

const yuan = (fen: number) => formatMoney(fen);

/** Issues a pending application (申请中 → 已开具). */
export async function issueInvoice(
  ctx: Ctx,
  staff: StaffCaller,
  input: { id: number; file: { name: string; bytes: Uint8Array } | null },
): Promise<Invoice> {
  const before = await invoiceForDesk(ctx, staff, input.id);
  if (before.status !== "pending") fail("INVOICE_ALREADY_DECIDED");
  const pdf = await pdfToStore(ctx, before, input.file, false);
  const key = await storePdf(ctx, pdf.bytes);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const now = ctx.now();
      const [after] = await tx
        .update(invoices)
        .set({
          status: "issued",
          pdfKey: key,
          sample: pdf.sample ? "yes" : "no",
          issuedAt: now,
          decidedBy: staff.staffId,
        })
        .where(and(eq(invoices.id, before.id), eq(invoices.status, "pending")))
        .returning();
      if (!after) return fail("INVOICE_ALREADY_DECIDED");
      await recordStaffAudit(tx, staff, now, {
        action: INVOICE_AUDIT.issue,
        targetType: INVOICE_AUDIT.target,
        targetId: after.id,
        before: { status: before.status },
        after: { status: after.status, sample: pdf.sample },
      });
      const what = `${INVOICE_KIND_LABELS[after.kind]}（${yuan(after.amountFen)}，抬头：${after.titleName}）`;
      await sendAccountMessage({ db: tx, now: ctx.now }, after.userId, `您申请的${what}已开具，可在发票管理页下载。`);
      await queueDeliveries({ ...ctx, db: tx }, [
        emailDelivery(
          {
            to: after.email,
            subject: `【发票已开具】${INVOICE_KIND_LABELS[after.kind]} ${yuan(after.amountFen)}`,
            text: `您好，您申请的${what}已开具，电子发票见附件；也可登录控制台下载：${ctx.site.publicUrl}/console/invoice`,
            attachment: { filename: invoicePdfName(after.id, false), contentType: "application/pdf", storageKey: key },
          },
          now,
        ),
      ]);
      return toInvoice(after);
    });
  } catch (error) {
    await ctx.providers.storage.delete(key).catch(() => {});
    throw error;
  }
}

/** Rejects a pending application with a reason (申请中 → 已驳回); its amount becomes invoiceable again. */
export async function rejectInvoice(
  ctx: Ctx,
  staff: StaffCaller,
  input: { id: number; reason: string },
): Promise<Invoice> {
  const reason = input.reason.trim();
  if (reason === "") fail("BAD_REQUEST", "reason", "请填写驳回原因");
  const before = await invoiceForDesk(ctx, staff, input.id);
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const [after] = await tx
      .update(invoices)
      .set({ status: "rejected", reason, rejectedAt: now, decidedBy: staff.staffId })
      .where(and(eq(invoices.id, before.id), eq(invoices.status, "pending")))
      .returning();
    if (!after) return fail("INVOICE_ALREADY_DECIDED");
    await recordStaffAudit(tx, staff, now, {
      action: INVOICE_AUDIT.reject,
      targetType: INVOICE_AUDIT.target,
      targetId: after.id,
      before: { status: before.status },
      after: { status: after.status, reason },
    });
    await sendAccountMessage(
      { db: tx, now: ctx.now },
      after.userId,
      `您申请的${INVOICE_KIND_LABELS[after.kind]}（${yuan(after.amountFen)}）已驳回：${reason}`,
    );
    return toInvoice(after);
  });
}

/** Confirms a red-letter reversal (红冲申请中 → 已红冲) with the red-letter PDF; the amount is invoiceable again. */
export async function confirmReversal(
  ctx: Ctx,
  staff: StaffCaller,
  input: { id: number; file: { name: string; bytes: Uint8Array } | null },
): Promise<Invoice> {
  const before = await invoiceForDesk(ctx, staff, input.id);
  if (before.status !== "reversal_requested") fail("INVOICE_ALREADY_DECIDED");
  const pdf = await pdfToStore(ctx, before, input.file, true);
  const key = await storePdf(ctx, pdf.bytes);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const now = ctx.now();
      const [after] = await tx
        .update(invoices)
        .set({ status: "reversed", redPdfKey: key, reversedAt: now, decidedBy: staff.staffId })
        .where(and(eq(invoices.id, before.id), eq(invoices.status, "reversal_requested")))
        .returning();
      if (!after) return fail("INVOICE_ALREADY_DECIDED");
      await recordStaffAudit(tx, staff, now, {
        action: INVOICE_AUDIT.reverse,
        targetType: INVOICE_AUDIT.target,
        targetId: after.id,
        before: { status: before.status },
        after: { status: after.status, sample: pdf.sample },
      });
      await sendAccountMessage(
        { db: tx, now: ctx.now },
        after.userId,
        `您的${INVOICE_KIND_LABELS[after.kind]}（${yuan(after.amountFen)}）已红冲，该金额可重新开票或提现。`,
      );
      await queueDeliveries({ ...ctx, db: tx }, [
        emailDelivery(
          {
            to: after.email,
            subject: `【发票已红冲】${INVOICE_KIND_LABELS[after.kind]} ${yuan(after.amountFen)}`,
            text: `您好，您的${INVOICE_KIND_LABELS[after.kind]}（${yuan(after.amountFen)}，抬头：${after.titleName}）已红冲，红字发票见附件；该金额可重新开票或提现。`,
            attachment: { filename: invoicePdfName(after.id, true), contentType: "application/pdf", storageKey: key },
          },
          now,
        ),
      ]);
      return toInvoice(after);
    });
  } catch (error) {
    await ctx.providers.storage.delete(key).catch(() => {});
    throw error;
  }
}

/** Any application's PDF, for finance (the issued one, or with `red` the red-letter one). */
export async function readInvoicePdfForDesk(
  ctx: Ctx,
  staff: StaffCaller,
  input: { id: number; red: boolean },
): Promise<{ name: string; bytes: Uint8Array }> {
  requireFinance(staff);
  if (!Number.isSafeInteger(input.id)) fail("NOT_FOUND");
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, input.id));
  const key = (input.red ? row?.redPdfKey : row?.pdfKey) ?? fail("NOT_FOUND");
  const bytes = (await ctx.providers.storage.get(key)) ?? fail("NOT_FOUND");
  return { name: invoicePdfName(input.id, input.red), bytes };
}
