import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EntryStatus } from "~/components/verification/EntryStatus";
import { Field, FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { ENTERPRISE_VERIFY_PATH, SELECT_VERIFICATION_PATH } from "~/utils/console-paths";
import { entryView, latestOf, loadVerifications } from "~/utils/verification.server";
import { handleLicenceAction } from "./actions.server";

export const meta: MetaFunction = () => [{ title: "营业执照认证 · 企业认证 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { verifications } = await loadVerifications(request);
  return {
    personal: entryView(latestOf(verifications, "personal")),
    enterprise: entryView(latestOf(verifications, "enterprise")),
  };
}

export function action({ request }: ActionFunctionArgs) {
  return handleLicenceAction(request);
}

/**
 * 营业执照认证 (issue 37 §1, decision 100): upload the licence -> confirm or correct what OCR read -> the
 * authorisation letter when the legal representative is not the applicant -> submitted for review (审核中). Plain
 * multipart forms; the reading travels in the second form's fields, so nothing needs JavaScript.
 */
export default function LicenceVerificationPage() {
  const { personal, enterprise } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const back = <Link to={ENTERPRISE_VERIFY_PATH}>返回企业认证</Link>;

  if (personal?.state !== "verified")
    return (
      <>
        <h1>营业执照认证</h1>
        <Panel>
          <p data-testid="personal-missing">
            企业认证须先完成申请人本人的个人实名认证。请先
            <Link to={SELECT_VERIFICATION_PATH}>完成个人实名认证</Link>。
          </p>
          {back}
        </Panel>
      </>
    );
  if (enterprise && enterprise.state !== "rejected")
    return (
      <>
        <h1>营业执照认证</h1>
        <Panel>
          <EntryStatus entry={enterprise} retry={null} />
          {back}
        </Panel>
      </>
    );

  const confirming = Boolean(values.licence_file_id);
  const lettersNeeded = values.applicant_is_legal_representative === "0";
  return (
    <>
      <h1>营业执照认证</h1>
      <Panel>
        {enterprise && <EntryStatus entry={enterprise} retry={null} />}
        {result?.notice && <p role="status">{result.notice}</p>}
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {confirming ? (
          <Form method="post" encType="multipart/form-data" noValidate>
            <input type="hidden" name="licence_file_id" value={values.licence_file_id} />
            <input
              type="hidden"
              name="applicant_is_legal_representative"
              value={values.applicant_is_legal_representative ?? ""}
            />
            {values.authorisation_file_id && (
              <input type="hidden" name="authorisation_file_id" value={values.authorisation_file_id} />
            )}
            <p>请核对营业执照识别结果，如有错误请直接修改。</p>
            <FieldError role={errors.licence_file ? "alert" : undefined}>{errors.licence_file ?? ""}</FieldError>
            <Field
              label="企业名称"
              name="company_name"
              maxLength={100}
              defaultValue={values.company_name}
              error={errors.company_name}
            />
            <Field
              label="统一社会信用代码"
              name="credit_code"
              maxLength={18}
              autoComplete="off"
              defaultValue={values.credit_code}
              error={errors.credit_code}
            />
            <Field
              label="法定代表人"
              name="legal_representative"
              maxLength={20}
              defaultValue={values.legal_representative}
              error={errors.legal_representative}
            />
            <p data-testid="letter-rule">
              {lettersNeeded
                ? "法定代表人与您实名认证的姓名不一致，请上传加盖企业公章的授权书。"
                : "法定代表人与您实名认证的姓名一致，无需上传授权书。"}
            </p>
            {values.authorisation_file_id && <p>已上传授权书，如需更换请重新选择文件。</p>}
            <Field
              label="授权书（法定代表人非本人时必填，JPG、PNG 或 PDF）"
              name="authorisation_file"
              type="file"
              accept="image/jpeg,image/png,application/pdf"
              error={errors.authorisation_file}
            />
            <StatusButton intent="submit" pendingText="提交中…">
              提交审核
            </StatusButton>
          </Form>
        ) : (
          <Form method="post" encType="multipart/form-data" noValidate>
            <p>请上传清晰、完整的营业执照照片（JPG 或 PNG，不超过 10 MB），系统将识别企业信息供您核对。</p>
            <Field
              label="营业执照照片"
              name="licence_file"
              type="file"
              accept="image/jpeg,image/png"
              error={errors.licence_file}
            />
            <StatusButton intent="read" pendingText="识别中…">
              识别营业执照
            </StatusButton>
          </Form>
        )}
        <p>{back}</p>
      </Panel>
    </>
  );
}
