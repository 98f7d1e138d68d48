import { Form } from "@remix-run/react";
import type { InvoiceKindWire, InvoiceTitleWire } from "~/upstream/invoices.server";
import { INVOICE_KIND_LABELS } from "../../../platform/rules/invoices";
import { Field, FieldError, Select } from "../ui/Field";
import { Muted, Panel, PanelTitle } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import type { InvoiceFormResult } from "./form-result";

/** 申请开票: kind, amount, title and the e-mail the invoice goes to. A plain form with its key in a hidden field. */
export function ApplyInvoiceForm(props: {
  kinds: InvoiceKindWire[];
  titles: InvoiceTitleWire[];
  operationKey: string;
  result: InvoiceFormResult | null;
}) {
  const { kinds, titles, operationKey, result } = props;
  const errors = result?.fieldErrors ?? {};
  return (
    <Panel aria-labelledby="apply-title">
      <PanelTitle id="apply-title">申请开票</PanelTitle>
      {titles.length === 0 ? (
        <p>请先在下方添加发票抬头。</p>
      ) : (
        <Form method="post" noValidate style={{ maxWidth: 460 }}>
          {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
          <input type="hidden" name="idempotency_key" value={operationKey} />
          <label>
            发票类型{" "}
            <Select name="kind" defaultValue={result?.values.kind ?? kinds[0]}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {INVOICE_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </label>
          <FieldError role={errors.kind ? "alert" : undefined}>{errors.kind ?? ""}</FieldError>
          <label>
            发票抬头{" "}
            <Select name="title_id" defaultValue={result?.values.title_id ?? String(titles[0]!.Id)}>
              {titles.map((t) => (
                <option key={t.Id} value={t.Id}>
                  {t.Name}
                  {t.Kind === "enterprise" ? `（${t.TaxNumber}）` : "（个人）"}
                </option>
              ))}
            </Select>
          </label>
          <FieldError role={errors.title_id ? "alert" : undefined}>{errors.title_id ?? ""}</FieldError>
          <Field
            label="开票金额（元）"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={result?.values.amount ?? ""}
            error={errors.amount}
          />
          <Field
            label="接收邮箱"
            name="email"
            type="email"
            maxLength={254}
            defaultValue={result?.values.email ?? ""}
            error={errors.email}
          />
          <p>
            <Muted>增值税专用发票仅企业认证账号可申请，且须选择填写了开户银行、账号、地址和电话的企业抬头。</Muted>
          </p>
          <StatusButton intent="apply">提交申请</StatusButton>
        </Form>
      )}
    </Panel>
  );
}
