import { Hono } from "hono";
import { z } from "zod";
import type { InvoiceCalls } from "../../contract/invoices";
import { INVOICE_KINDS, INVOICE_TITLE_KINDS } from "../../db/invoice-schema";
import { getInvoiceable } from "../../modules/invoices/amount";
import {
  applyForInvoice,
  getInvoice,
  listInvoices,
  readInvoicePdf,
  requestReversal,
} from "../../modules/invoices/applications";
import { addTitle, deleteTitle, listTitles, updateTitle } from "../../modules/invoices/titles";
import { idempotencyKey } from "../../rules/finance";
import { amountFen, creditCode, email } from "../../rules/fields";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toInvoice, toInvoiceable, toInvoiceTitle } from "../shapes/invoices";
import { toPage } from "../shapes/page";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** /api invoice calls (platform/contract/invoices.ts, docs/decisions/112). */
export const invoicesApi = new Hono<Env>();
const on = contractRoutes<InvoiceCalls>(invoicesApi);

const blankAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());

/** A title: a person's name, or an enterprise's name, credit code and (for special invoices) bank and address. */
export const titleFields = z
  .object({
    kind: z.enum(INVOICE_TITLE_KINDS, { errorMap: () => ({ message: "请选择抬头类型" }) }),
    name: f.requiredText("抬头名称", 100),
    tax_number: optional(creditCode),
    bank_name: optional(f.requiredText("开户银行", 100)),
    bank_account: optional(f.requiredText("银行账号", 40).regex(/^[0-9 -]{6,40}$/, "银行账号只能包含数字")),
    address: optional(f.requiredText("注册地址", 200)),
    phone: optional(f.requiredText("注册电话", 20).regex(/^[0-9+() -]{6,20}$/, "注册电话格式不正确")),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "enterprise" && !v.tax_number)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["tax_number"],
        message: "请填写纳税人识别号（统一社会信用代码）",
      });
  });

const toTitleInput = (v: z.infer<typeof titleFields>) => ({
  kind: v.kind,
  name: v.name,
  taxNumber: v.tax_number?.trim().toUpperCase() ?? null,
  bankName: v.bank_name ?? null,
  bankAccount: v.bank_account ?? null,
  address: v.address ?? null,
  phone: v.phone ?? null,
});

const idFields = z.object({ id: f.id("编号") });

on.post("/invoice/get_invoiceable", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  const { figure, verifiedAs } = await getInvoiceable(c.var.ctx, caller);
  return toInvoiceable(figure, verifiedAs);
});

const listFields = z.object({ page: f.page, page_size: f.pageSize(50, 10) });

on.post("/v2/get_invoice_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(listFields, form);
  return toPage(await listInvoices(c.var.ctx, caller, { page: input.page, pageSize: input.page_size }), toInvoice);
});

export const applyFields = z.object({
  kind: z.enum(INVOICE_KINDS, { errorMap: () => ({ message: "请选择发票类型" }) }),
  amount: amountFen,
  title_id: f.id("发票抬头"),
  email,
  idempotency_key: idempotencyKey,
});

on.post("/v3/addInvoiceRecord", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(applyFields, form);
  const invoice = await applyForInvoice(c.var.ctx, caller, {
    kind: input.kind,
    amountFen: input.amount,
    titleId: input.title_id,
    email: input.email,
    operationKey: input.idempotency_key,
  });
  return toInvoice(invoice);
});

on.post("/invoice/get_detail", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  return toInvoice(await getInvoice(c.var.ctx, caller, parseFields(idFields, form)));
});

on.post("/invoice/request_reversal", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  return toInvoice(await requestReversal(c.var.ctx, caller, parseFields(idFields, form)));
});

export const downloadFields = idFields.extend({ red: z.enum(["1", "0"]).optional() });

on.post("/invoice/download", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(downloadFields, form);
  const pdf = await readInvoicePdf(c.var.ctx, caller, { id: input.id, red: input.red === "1" });
  return { Name: pdf.name, Pdf: Buffer.from(pdf.bytes).toString("base64") };
});

on.post("/invoice/title/list", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return { list: (await listTitles(c.var.ctx, caller)).map(toInvoiceTitle) };
});

on.post("/invoice/title/add", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(titleFields, form);
  return toInvoiceTitle(await addTitle(c.var.ctx, caller, toTitleInput(input)));
});

on.post("/invoice/title/update", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const { id } = parseFields(idFields, form);
  const input = parseFields(titleFields, form);
  return toInvoiceTitle(await updateTitle(c.var.ctx, caller, { id, ...toTitleInput(input) }));
});

on.post("/invoice/title/delete", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  await deleteTitle(c.var.ctx, caller, parseFields(idFields, form));
  return { deleted: true as const };
});
