import { Form, Link } from "@remix-run/react";
import type { ActionResult } from "~/utils/action.server";
import { CheckboxField, Field, FieldError } from "../ui/Field";
import { StatusButton } from "../ui/StatusButton";
import { styled } from "../ui/stitches.config";
import { MarkdownEditor } from "../markdown-editor/MarkdownEditor";
import { ATTACHMENT_ACCEPT, AttachmentField, type AttachmentLimits } from "./AttachmentField";
import { WORK_ORDER_UPLOAD_URL } from "./upload-url";

/** Fields as wide as what they take: a title line (up to 100 characters, most far shorter), a phone number. */
const TITLE_WIDTH = "40em";
const PHONE_WIDTH = "14em";

/** One resource the work order may be about: the account itself, one of its instances or purchase orders. */
export interface ResourceOption {
  value: string;
  label: string;
}

const Fieldset = styled("fieldset", {
  border: "none",
  padding: 0,
  margin: "0 0 $3",
  legend: { fontSize: "$md", color: "$text", marginBottom: "$1", padding: 0 },
  label: { display: "flex", gap: "$2", alignItems: "center", marginBottom: "$1" },
});

/** The resource picker: native radios, so it posts without JavaScript. */
function ResourcePicker({
  typeLabel,
  options,
  checked,
  error,
}: {
  typeLabel: string;
  options: ResourceOption[];
  checked: string | undefined;
  error?: string | null;
}) {
  return (
    <Fieldset aria-describedby={error ? "resource-error" : undefined}>
      <legend>相关{typeLabel}</legend>
      {options.length === 0 ? (
        <p>您暂无可选的{typeLabel}。</p>
      ) : (
        options.map((option, i) => (
          <label key={option.value}>
            <input
              type="radio"
              name="resource_id"
              value={option.value}
              defaultChecked={checked === undefined ? i === 0 : checked === option.value}
            />
            {option.label}
          </label>
        ))
      )}
      <FieldError id="resource-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Fieldset>
  );
}

/**
 * The work-order form (issue 11 §2): resource, title, markdown body,
 * attachments, contact phone and the agreement, in one multipart form that
 * posts without JavaScript and keeps the text on an error.
 */
export function WorkOrderForm({
  action,
  resourceTypeLabel,
  resources,
  contactPhone,
  limits,
  draftKey,
  result,
}: {
  action: string;
  resourceTypeLabel: string;
  resources: ResourceOption[];
  contactPhone: string;
  limits: AttachmentLimits;
  /** The editor's local-storage draft key (with the user id: `work-order-submit:…`). */
  draftKey: string;
  result: ActionResult | undefined;
}) {
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" action={action} encType="multipart/form-data" data-testid="work-order-form">
      {result?.formError && (
        <FieldError role="alert" data-testid="form-error">
          {result.formError}
        </FieldError>
      )}
      <ResourcePicker
        typeLabel={resourceTypeLabel}
        options={resources}
        checked={values.resource_id}
        error={errors.resource_id}
      />
      <Field
        label="标题"
        name="title"
        defaultValue={values.title}
        error={errors.title}
        maxLength={100}
        style={{ maxWidth: TITLE_WIDTH }}
      />
      <MarkdownEditor
        name="body"
        label="问题描述"
        defaultValue={values.body}
        error={errors.body}
        rows={10}
        draftKey={draftKey}
        uploadUrl={WORK_ORDER_UPLOAD_URL}
        imageLimits={limits}
        attachmentField="attachment_ids"
      />
      <AttachmentField accept={ATTACHMENT_ACCEPT} limits={limits} error={errors.files} />
      <Field
        label="联系电话"
        name="contact_phone"
        type="tel"
        autoComplete="tel"
        defaultValue={values.contact_phone ?? contactPhone}
        error={errors.contact_phone}
        style={{ maxWidth: PHONE_WIDTH }}
      />
      <CheckboxField name="agree" error={errors.agree} defaultChecked={values.agree === "1"}>
        我已阅读并同意
        <Link to="/workOrderAgreement" target="_blank">
          《工单服务协议》
        </Link>
      </CheckboxField>
      <StatusButton intent="submit" formAction={action} pendingText="提交中…">
        提交工单
      </StatusButton>
    </Form>
  );
}
