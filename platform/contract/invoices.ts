/**
 * Invoices on the wire (issue 39 §1, docs/decisions/112). The spec declares /v2/get_invoice_list and
 * /v3/addInvoiceRecord without payloads; these shapes are ours, in the finance calls' style: PascalCase replies,
 * amounts as yuan strings with two decimals, ISO 8601 times, form fields in snake_case. Main accounts only: a
 * sub-account is refused (PERMISSION_DENIED). Another account's ids are NOT_FOUND.
 */
import type { MainApiCall, NoFields } from "./calls";
import type { PageFields, PageWire } from "./page";

export type InvoiceKindWire = "normal" | "special";
export type InvoiceTitleKindWire = "personal" | "enterprise";
export type InvoiceStatusWire = "pending" | "issued" | "rejected" | "reversal_requested" | "reversed";

/** How the invoiceable amount is made: each term, the figure, and what the caller may ask for. */
export type InvoiceableWire = {
  /** Cash paid in: top-ups to the cash wallet. */
  PaidIn: string;
  /** Cash given back: withdrawals pending or approved. */
  Withdrawn: string;
  /** Already invoiced: applications pending, issued or waiting for their reversal. */
  Invoiced: string;
  Invoiceable: string;
  /** The kinds this account may ask for: none before verification, "special" for verified enterprises. */
  Kinds: InvoiceKindWire[];
  VerifiedAs: "personal" | "student" | "enterprise" | null;
};

export type InvoiceTitleWire = {
  Id: number;
  Kind: InvoiceTitleKindWire;
  Name: string;
  TaxNumber: string | null;
  BankName: string | null;
  BankAccount: string | null;
  Address: string | null;
  Phone: string | null;
};

export type InvoiceWire = {
  Id: number;
  Kind: InvoiceKindWire;
  Amount: string;
  Status: InvoiceStatusWire;
  TitleKind: InvoiceTitleKindWire;
  TitleName: string;
  TaxNumber: string | null;
  Email: string;
  /** Finance's reason when rejected. */
  Reason: string | null;
  HasPdf: boolean;
  HasRedPdf: boolean;
  /** The PDFs are sandbox samples marked 样例. */
  Sample: boolean;
  CreatedAt: string;
  IssuedAt: string | null;
  ReversedAt: string | null;
};

export type InvoiceTitleFields = {
  kind: InvoiceTitleKindWire;
  name: string;
  /** Enterprises: the 统一社会信用代码 (18 characters, check character verified). */
  tax_number?: string;
  bank_name?: string;
  bank_account?: string;
  address?: string;
  phone?: string;
};

export type InvoiceApplyFields = {
  kind: InvoiceKindWire;
  /** Yuan as typed (spec §5's amount rule). */
  amount: string;
  title_id: number;
  email: string;
  /** The form's hidden key: asking twice with one key records one application. */
  idempotency_key: string;
};

export type InvoiceIdFields = { id: number };

/** The issued PDF (or the red-letter one), base64, with its file name. */
export type InvoicePdfWire = { Name: string; Pdf: string };

/** Every invoice call of the main API, by path under /api. */
export type InvoiceCalls = {
  "/invoice/get_invoiceable": MainApiCall<NoFields, InvoiceableWire, "required">;
  "/v2/get_invoice_list": MainApiCall<PageFields, PageWire<InvoiceWire>, "required">;
  "/v3/addInvoiceRecord": MainApiCall<InvoiceApplyFields, InvoiceWire, "required">;
  "/invoice/get_detail": MainApiCall<InvoiceIdFields, InvoiceWire, "required">;
  "/invoice/request_reversal": MainApiCall<InvoiceIdFields, InvoiceWire, "required">;
  "/invoice/download": MainApiCall<InvoiceIdFields & { red?: "1" | "0" }, InvoicePdfWire, "required">;
  "/invoice/title/list": MainApiCall<NoFields, { list: InvoiceTitleWire[] }, "required">;
  "/invoice/title/add": MainApiCall<InvoiceTitleFields, InvoiceTitleWire, "required">;
  "/invoice/title/update": MainApiCall<InvoiceTitleFields & InvoiceIdFields, InvoiceTitleWire, "required">;
  "/invoice/title/delete": MainApiCall<InvoiceIdFields, { deleted: true }, "required">;
};

/** The desk's invoice queue, /staff (finance and admin). */
export type DeskInvoiceWire = InvoiceWire & {
  UserId: number;
  BankName: string | null;
  BankAccount: string | null;
  Address: string | null;
  Phone: string | null;
};

export type DeskInvoiceQueueFields = PageFields & { view?: "waiting" | "decided" };

/**
 * The multipart call that issues an application (`action` "issue") or confirms its reversal ("reverse") with the
 * PDF from the tax system: fields `id`, `action` and one `file`; the reply is a DeskInvoiceWire.
 */
export const DESK_INVOICE_UPLOAD_PATH = "/invoices/issue_with_pdf";

export type DeskInvoiceCalls = {
  "/invoices/queue": MainApiCall<DeskInvoiceQueueFields, PageWire<DeskInvoiceWire>, "none">;
  "/invoices/detail": MainApiCall<InvoiceIdFields, DeskInvoiceWire, "none">;
  /** Outside production only: issue with a generated sample PDF marked 样例. */
  "/invoices/issue_sample": MainApiCall<InvoiceIdFields, DeskInvoiceWire, "none">;
  /** Outside production only: confirm a red-letter reversal with a generated red sample PDF marked 样例. */
  "/invoices/reverse_sample": MainApiCall<InvoiceIdFields, DeskInvoiceWire, "none">;
  "/invoices/reject": MainApiCall<InvoiceIdFields & { reason: string }, DeskInvoiceWire, "none">;
  "/invoices/download": MainApiCall<InvoiceIdFields & { red?: "1" | "0" }, InvoicePdfWire, "none">;
};
