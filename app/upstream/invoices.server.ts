import {
  DESK_INVOICE_UPLOAD_PATH,
  type DeskInvoiceWire,
  type InvoiceableWire,
  type InvoiceApplyFields,
  type InvoiceCalls,
  type InvoiceKindWire,
  type InvoicePdfWire,
  type InvoiceStatusWire,
  type InvoiceTitleFields,
  type InvoiceTitleWire,
  type InvoiceWire,
} from "../../platform/contract/invoices";
import type { PageWire } from "../../platform/contract/page";
import { readReply, refusalOf, staffRequest } from "./desk-files.server";
import { staffCall, type StaffAuth } from "./desk.server";
import { callApiOrThrow, sendToPlatform } from "./transport.server";

export type {
  DeskInvoiceWire,
  InvoiceableWire,
  InvoiceKindWire,
  InvoicePdfWire,
  InvoiceStatusWire,
  InvoiceTitleFields,
  InvoiceTitleWire,
  InvoiceWire,
  PageWire,
};

/** One invoice call, its fields and reply typed by the contract (platform/contract/invoices.ts). */
function call<P extends keyof InvoiceCalls>(path: P, session: string, input: InvoiceCalls[P]["input"]) {
  return callApiOrThrow<InvoiceCalls[P]["data"]>(path, input, { session });
}

export const getInvoiceable = (session: string) => call("/invoice/get_invoiceable", session, {});
export const getInvoices = (session: string, page: number, pageSize: number) =>
  call("/v2/get_invoice_list", session, { page, page_size: pageSize });
export const applyForInvoice = (session: string, fields: InvoiceApplyFields) =>
  call("/v3/addInvoiceRecord", session, fields);
export const requestInvoiceReversal = (session: string, id: number) =>
  call("/invoice/request_reversal", session, { id });
export const downloadInvoice = (session: string, id: number, red: boolean) =>
  call("/invoice/download", session, { id, red: red ? "1" : "0" });
export const getInvoiceTitles = (session: string) => call("/invoice/title/list", session, {});
export const addInvoiceTitle = (session: string, fields: InvoiceTitleFields) =>
  call("/invoice/title/add", session, fields);
export const updateInvoiceTitle = (session: string, fields: InvoiceTitleFields & { id: number }) =>
  call("/invoice/title/update", session, fields);
export const deleteInvoiceTitle = (session: string, id: number) => call("/invoice/title/delete", session, { id });

/** The desk's invoice calls (finance and admins). */
export const getDeskInvoices = (auth: StaffAuth, view: "waiting" | "decided", page: number, pageSize: number) =>
  staffCall("/invoices/queue", { view, page, page_size: pageSize }, auth);
export const getDeskInvoice = (auth: StaffAuth, id: number) => staffCall("/invoices/detail", { id }, auth);
export const issueSampleInvoice = (auth: StaffAuth, id: number) => staffCall("/invoices/issue_sample", { id }, auth);
export const reverseSampleInvoice = (auth: StaffAuth, id: number) =>
  staffCall("/invoices/reverse_sample", { id }, auth);
export const rejectDeskInvoice = (auth: StaffAuth, id: number, reason: string) =>
  staffCall("/invoices/reject", { id, reason }, auth);
export const downloadDeskInvoice = (auth: StaffAuth, id: number, red: boolean) =>
  staffCall("/invoices/download", { id, red: red ? "1" : "0" }, auth);

/** A PDF reply as the browser gets it: the bytes, attachment, private and never stored. */
export function pdfResponse(pdf: InvoicePdfWire): Response {
  return new Response(Buffer.from(pdf.Pdf, "base64"), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="invoice.pdf"; filename*=UTF-8''${encodeURIComponent(pdf.Name)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * Issues (`action` "issue") or confirms the reversal ("reverse") of an application with the PDF from the tax system
 * (POST /staff/invoices/issue_with_pdf, multipart). Throws UpstreamError with the reason and `field` "file" when the
 * platform refuses the file.
 */
export async function uploadDeskInvoicePdf(
  auth: StaffAuth,
  input: { id: number; action: "issue" | "reverse"; file: File },
): Promise<DeskInvoiceWire> {
  const body = new FormData();
  body.append("id", String(input.id));
  body.append("action", input.action);
  body.append("file", input.file, input.file.name);
  const [request, headers] = staffRequest(auth, DESK_INVOICE_UPLOAD_PATH, { method: "POST", body });
  const response = await sendToPlatform(request, headers);
  const reply = await readReply<DeskInvoiceWire>(response);
  if (response.ok && reply?.status === 0) return reply.data;
  throw refusalOf(response, reply, DESK_INVOICE_UPLOAD_PATH);
}
