import { Form } from "@remix-run/react";
import type { InvoiceTitleWire } from "~/upstream/invoices.server";
import { CheckboxField, FieldError } from "../ui/Field";
import { Muted, Panel, PanelTitle } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { resultFor, type InvoiceFormResult } from "./form-result";
import { TitleFields } from "./TitleFields";

/** 发票抬头: the saved titles, each editable and deletable (asked twice), and a form for a new one. Plain forms. */
export function InvoiceTitles({
  titles,
  result,
}: {
  titles: InvoiceTitleWire[];
  result: InvoiceFormResult | undefined;
}) {
  const adding = resultFor(result, "add_title");
  return (
    <Panel aria-labelledby="titles-title">
      <PanelTitle id="titles-title">发票抬头</PanelTitle>
      {titles.length === 0 ? (
        <p>还没有保存的发票抬头，请先添加。</p>
      ) : (
        <ul data-testid="invoice-titles" style={{ listStyle: "none", padding: 0 }}>
          {titles.map((title) => {
            const editing = resultFor(result, "edit_title", title.Id);
            const deleting = resultFor(result, "delete_title", title.Id);
            return (
              <li key={title.Id} style={{ marginBottom: 12 }}>
                <strong>{title.Name}</strong>{" "}
                <Muted>{title.Kind === "enterprise" ? `企业 · ${title.TaxNumber}` : "个人"}</Muted>
                <details open={editing !== null}>
                  <summary>修改</summary>
                  <Form method="post" noValidate style={{ maxWidth: 460 }}>
                    <input type="hidden" name="id" value={title.Id} />
                    {editing?.formError && <FieldError role="alert">{editing.formError}</FieldError>}
                    <TitleFields title={title} result={editing} />
                    <StatusButton intent="edit_title">保存抬头</StatusButton>
                  </Form>
                </details>
                <Form method="post" noValidate>
                  <input type="hidden" name="id" value={title.Id} />
                  {deleting?.formError && <FieldError role="alert">{deleting.formError}</FieldError>}
                  <CheckboxField name="confirm" error={deleting?.fieldErrors.confirm}>
                    确认删除该抬头（已申请的发票不受影响）
                  </CheckboxField>
                  <StatusButton intent="delete_title" variant="secondary">
                    删除
                  </StatusButton>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <details open={adding !== null || titles.length === 0}>
        <summary>添加发票抬头</summary>
        <Form method="post" noValidate style={{ maxWidth: 460 }}>
          {adding?.formError && <FieldError role="alert">{adding.formError}</FieldError>}
          <TitleFields title={null} result={adding} />
          <StatusButton intent="add_title">保存抬头</StatusButton>
        </Form>
      </details>
    </Panel>
  );
}
