import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { EntryStatus } from "~/components/verification/EntryStatus";
import { Field, FieldError, Select, TextArea } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { SELECT_VERIFICATION_PATH } from "~/utils/console-paths";
import { entryView, latestOf, loadVerifications } from "~/utils/verification.server";
import { OTHER_DOCUMENT_LABELS, OTHER_FILES_MAX, OTHER_NOTE_MAX } from "../../../platform/rules/other-documents";
import { handleOtherChannelAction } from "./actions.server";

export const meta: MetaFunction = () => [{ title: "其他方式认证 · 实名认证 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { verifications } = await loadVerifications(request);
  return { personal: entryView(latestOf(verifications, "personal")) };
}

export function action({ request }: ActionFunctionArgs) {
  return handleOtherChannelAction(request);
}

/** A labelled control with its error beneath it, for the select and the text area (Field is for inputs). */
function Labelled({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (id: string) => JSX.Element;
}) {
  const id = useId();
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 4, marginBottom: 12 }}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      <FieldError role={error ? "alert" : undefined}>{error ?? ""}</FieldError>
    </div>
  );
}

/**
 * 其他方式认证 (issue 37 §1, decision 100): for those without a mainland resident ID card (passport, the permits,
 * the foreigners' permanent residence card, other cases): the document, the name and number as printed, 1 to 5
 * files and a note, reviewed by staff (审核中, 1–3 working days). A plain multipart form.
 */
export default function OtherChannelPage() {
  const { personal } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const back = <Link to={SELECT_VERIFICATION_PATH}>返回实名认证</Link>;
  if (personal && personal.state !== "rejected")
    return (
      <>
        <h1>其他方式认证</h1>
        <Panel>
          <EntryStatus entry={personal} retry={null} />
          {back}
        </Panel>
      </>
    );
  return (
    <>
      <h1>其他方式认证</h1>
      <Panel>
        {personal && <EntryStatus entry={personal} retry={null} />}
        <p>
          适用于没有中国大陆居民身份证的用户（护照、港澳台通行证、外国人永久居留身份证等）。请按证件填写，并上传证件及相关证明材料，
          工作人员将在1–3个工作日内完成审核。信息加密保存，页面只显示脱敏后的内容。
        </p>
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        <Form method="post" encType="multipart/form-data" noValidate>
          {values.file_ids && <input type="hidden" name="file_ids" value={values.file_ids} />}
          <Labelled label="证件类型" error={errors.document_type}>
            {(id) => (
              <Select
                id={id}
                name="document_type"
                defaultValue={values.document_type ?? ""}
                aria-invalid={errors.document_type ? true : undefined}
              >
                <option value="">请选择</option>
                {Object.entries(OTHER_DOCUMENT_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
          <Field label="姓名（与证件一致）" name="name" maxLength={60} defaultValue={values.name} error={errors.name} />
          <Field
            label="证件号码"
            name="document_number"
            maxLength={30}
            autoComplete="off"
            defaultValue={values.document_number}
            error={errors.document_number}
          />
          {values.file_ids && (
            <p>
              已上传 {values.file_ids.split(",").length} 个文件，可继续添加（合计不超过{OTHER_FILES_MAX}个）。
            </p>
          )}
          <Field
            label={`证件及证明材料（1到${OTHER_FILES_MAX}个，JPG、PNG 或 PDF，每个不超过 10 MB）`}
            name="files"
            type="file"
            multiple
            accept="image/jpeg,image/png,application/pdf"
            error={errors.files}
          />
          <Labelled label={`说明（选填，不超过${OTHER_NOTE_MAX}字）`} error={errors.note}>
            {(id) => (
              <TextArea
                id={id}
                name="note"
                rows={4}
                defaultValue={values.note}
                aria-invalid={errors.note ? true : undefined}
              />
            )}
          </Labelled>
          <StatusButton intent="submit" pendingText="提交中…">
            提交审核
          </StatusButton>
        </Form>
        <p>{back}</p>
      </Panel>
    </>
  );
}
