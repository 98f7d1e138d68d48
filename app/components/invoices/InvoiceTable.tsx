import { Form } from "@remix-run/react";
import type { InvoiceStatusWire, InvoiceWire } from "~/upstream/invoices.server";
import { invoicePdfPath } from "~/utils/console-paths";
import { formatWireMoney } from "../../../platform/rules/money";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from "../../../platform/rules/invoices";
import { CheckboxField, FieldError } from "../ui/Field";
import { Badge, type BadgeTone, Muted, Table } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { TableScroll } from "../ui/TableScroll";
import { resultFor, type InvoiceFormResult } from "./form-result";

const TONES: Record<InvoiceStatusWire, BadgeTone> = {
  pending: "primary",
  issued: "success",
  rejected: "muted",
  reversal_requested: "warn",
  reversed: "muted",
};

const day = (iso: string) => new Date(iso).toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false });

/** The applications with their status badges, the PDFs to download, and the 红冲 request (asked twice). */
export function InvoiceTable({ invoices, result }: { invoices: InvoiceWire[]; result: InvoiceFormResult | undefined }) {
  return (
    <TableScroll label="发票申请记录" minWidth={760}>
      <Table data-testid="invoice-list">
        <thead>
          <tr>
            <th>申请时间</th>
            <th>发票类型</th>
            <th>抬头</th>
            <th>金额</th>
            <th>状态</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const reversing = resultFor(result, "reverse", invoice.Id);
            return (
              <tr key={invoice.Id} data-testid={`invoice-${invoice.Id}`}>
                <td>{day(invoice.CreatedAt)}</td>
                <td>{INVOICE_KIND_LABELS[invoice.Kind]}</td>
                <td>{invoice.TitleName}</td>
                <td>{formatWireMoney(invoice.Amount)}</td>
                <td>
                  <Badge tone={TONES[invoice.Status]}>{INVOICE_STATUS_LABELS[invoice.Status]}</Badge>
                  {invoice.Status === "rejected" && invoice.Reason && <Muted> 驳回原因：{invoice.Reason}</Muted>}
                </td>
                <td>
                  {invoice.HasPdf && (
                    <a href={invoicePdfPath(invoice.Id)} download>
                      下载发票{invoice.Sample ? "（样例）" : ""}
                    </a>
                  )}{" "}
                  {invoice.HasRedPdf && (
                    <a href={invoicePdfPath(invoice.Id, true)} download>
                      下载红字发票
                    </a>
                  )}
                  {invoice.Status === "issued" && (
                    <details open={reversing !== null}>
                      <summary>申请红冲</summary>
                      <Form method="post" noValidate>
                        <input type="hidden" name="id" value={invoice.Id} />
                        {reversing?.formError && <FieldError role="alert">{reversing.formError}</FieldError>}
                        <CheckboxField name="confirm" error={reversing?.fieldErrors.confirm}>
                          确认红冲：红冲后该发票作废，金额可重新开票或提现
                        </CheckboxField>
                        <StatusButton intent="reverse" variant="secondary">
                          提交红冲申请
                        </StatusButton>
                      </Form>
                    </details>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
