import type { DeskInvoiceWire, InvoiceableWire, InvoiceTitleWire, InvoiceWire } from "../../contract/invoices";
import type { Invoice } from "../../modules/invoices/applications";
import type { InvoiceableFigure } from "../../modules/invoices/amount";
import type { InvoiceTitle } from "../../modules/invoices/titles";
import { invoiceKindsFor } from "../../rules/invoices";
import type { VerifiedAs } from "../../rules/verification-unlocks";
import { fenToYuan } from "../../rules/money";

export const toInvoiceable = (figure: InvoiceableFigure, verifiedAs: VerifiedAs): InvoiceableWire => ({
  PaidIn: fenToYuan(figure.paidInFen),
  Withdrawn: fenToYuan(figure.withdrawnFen),
  Invoiced: fenToYuan(figure.invoicedFen),
  Invoiceable: fenToYuan(figure.invoiceableFen),
  Kinds: invoiceKindsFor(verifiedAs),
  VerifiedAs: verifiedAs,
});

export const toInvoiceTitle = (t: InvoiceTitle): InvoiceTitleWire => ({
  Id: t.id,
  Kind: t.kind,
  Name: t.name,
  TaxNumber: t.taxNumber,
  BankName: t.bankName,
  BankAccount: t.bankAccount,
  Address: t.address,
  Phone: t.phone,
});

export const toInvoice = (i: Invoice): InvoiceWire => ({
  Id: i.id,
  Kind: i.kind,
  Amount: fenToYuan(i.amountFen),
  Status: i.status,
  TitleKind: i.titleKind,
  TitleName: i.titleName,
  TaxNumber: i.taxNumber,
  Email: i.email,
  Reason: i.reason,
  HasPdf: i.hasPdf,
  HasRedPdf: i.hasRedPdf,
  Sample: i.sample,
  CreatedAt: i.createdAt.toISOString(),
  IssuedAt: i.issuedAt?.toISOString() ?? null,
  ReversedAt: i.reversedAt?.toISOString() ?? null,
});

export const toDeskInvoice = (i: Invoice): DeskInvoiceWire => ({
  ...toInvoice(i),
  UserId: i.userId,
  BankName: i.bankName,
  BankAccount: i.bankAccount,
  Address: i.address,
  Phone: i.phone,
});
