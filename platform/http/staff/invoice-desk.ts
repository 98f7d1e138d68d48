import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { DESK_INVOICE_UPLOAD_PATH, type DeskInvoiceCalls } from "../../contract/invoices";
import { UPLOAD_BODY_MAX_BYTES } from "../../contract/uploads";
import { DomainError } from "../../modules/errors";
import {
  confirmReversal,
  invoiceForDesk,
  issueInvoice,
  listInvoiceQueue,
  readInvoicePdfForDesk,
  rejectInvoice,
} from "../../modules/invoices/desk";
import { contractRoutes } from "../api/contract-routes";
import type { Env } from "../context";
import { mainApiError } from "../errors-reply";
import * as f from "../fields";
import { toDeskInvoice } from "../shapes/invoices";
import { toPage } from "../shapes/page";
import { uploadForm } from "../upload-field";
import { ok, parseFields, readForm } from "../wire";
import { staffCaller } from "./context";

/** /staff invoice calls for finance (platform/contract/invoices.ts, decisions 112 and 113). */
export const invoiceDeskApi = new Hono<Env>();
const on = contractRoutes<DeskInvoiceCalls>(invoiceDeskApi);

const Queue = z.object({
  page: f.page,
  page_size: f.pageSize(50, 20),
  view: z.enum(["waiting", "decided"], { errorMap: () => ({ message: "列表类型不正确" }) }).optional(),
});
const Entry = z.object({ id: f.id("发票申请编号") });

on.post("/invoices/queue", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Queue, form);
  const page = await listInvoiceQueue(c.var.ctx, staff, {
    page: input.page,
    pageSize: input.page_size,
    statuses: input.view === "decided" ? ["issued", "rejected", "reversed"] : ["pending", "reversal_requested"],
  });
  return toPage(page, toDeskInvoice);
});

on.post("/invoices/detail", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return toDeskInvoice(await invoiceForDesk(c.var.ctx, staff, parseFields(Entry, form).id));
});

on.post("/invoices/issue_sample", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return toDeskInvoice(await issueInvoice(c.var.ctx, staff, { id: parseFields(Entry, form).id, file: null }));
});

on.post("/invoices/reverse_sample", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return toDeskInvoice(await confirmReversal(c.var.ctx, staff, { id: parseFields(Entry, form).id, file: null }));
});

const Reject = Entry.extend({ reason: f.requiredText("驳回原因", 200) });

on.post("/invoices/reject", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Reject, form);
  return toDeskInvoice(await rejectInvoice(c.var.ctx, staff, input));
});

const Download = Entry.extend({ red: z.enum(["1", "0"]).optional() });

on.post("/invoices/download", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Download, form);
  const pdf = await readInvoicePdfForDesk(c.var.ctx, staff, { id: input.id, red: input.red === "1" });
  return { Name: pdf.name, Pdf: Buffer.from(pdf.bytes).toString("base64") };
});

/** The PDF upload (multipart, 10 MB): mounted ahead of /staff's 64 KB body limit. */
export const invoiceDeskUploadApi = new Hono<Env>();

const UploadFields = Entry.extend({
  action: z.enum(["issue", "reverse"], { errorMap: () => ({ message: "请选择开具或红冲" }) }),
});

invoiceDeskUploadApi.post(
  DESK_INVOICE_UPLOAD_PATH,
  bodyLimit({
    maxSize: UPLOAD_BODY_MAX_BYTES,
    onError: (c) => mainApiError(c, new DomainError("UPLOAD_TOO_LARGE")),
  }),
  async (c) => {
    const staff = await staffCaller(c);
    const { file, fields } = await uploadForm(c);
    const input = parseFields(UploadFields, fields);
    const pdf = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    const invoice =
      input.action === "issue"
        ? await issueInvoice(c.var.ctx, staff, { id: input.id, file: pdf })
        : await confirmReversal(c.var.ctx, staff, { id: input.id, file: pdf });
    return ok(c, toDeskInvoice(invoice));
  },
);

invoiceDeskUploadApi.onError((error, c) => mainApiError(c, error));
