import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { EntryStatus } from "~/components/verification/EntryStatus";
import { Field, FieldError } from "~/components/ui/Field";
import { Page, Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { listVerifications } from "~/upstream/verification.server";
import { BANK_CARD_VERIFY_PATH } from "~/utils/console-paths";
import { STUDENT_VERIFY_PATH } from "~/utils/paths";
import { getRequestUser, getSessionToken } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { entryView, latestOf, verificationCaller } from "~/utils/verification.server";
import { handleStudentAction } from "./actions.server";

export const meta: MetaFunction = () => [{ title: "学生认证 · 算力云" }];

/**
 * Public: anyone reads what student verification is; a signed-in main account sees where it stands (personal
 * verification first, then the student entry); a sub-account is told it has no access.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const [token, user] = await Promise.all([getSessionToken(request), getRequestUser(request)]);
    if (!token || !user) return { viewer: "guest" as const, personal: null, student: null };
    if (user.SubAccount) return { viewer: "sub-account" as const, personal: null, student: null };
    const { verifications } = await listVerifications(verificationCaller(request, token));
    return {
      viewer: "main" as const,
      personal: entryView(latestOf(verifications, "personal")),
      student: entryView(latestOf(verifications, "student")),
    };
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleStudentAction(request);
}

function DetailsFields({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  return (
    <>
      <Field label="学校名称" name="school" maxLength={50} defaultValue={values.school} error={errors.school} />
      <Field
        label="学号"
        name="student_number"
        maxLength={30}
        autoComplete="off"
        defaultValue={values.student_number}
        error={errors.student_number}
      />
      <Field
        label="入学年份"
        name="enrolment_year"
        inputMode="numeric"
        maxLength={4}
        placeholder="例如 2023"
        defaultValue={values.enrolment_year}
        error={errors.enrolment_year}
      />
      <Field
        label="毕业年份"
        name="graduation_year"
        inputMode="numeric"
        maxLength={4}
        placeholder="例如 2027"
        defaultValue={values.graduation_year}
        error={errors.graduation_year}
      />
    </>
  );
}

/**
 * 学生认证 (issue 37 §1): after personal verification, the school, student number and years, then either a code to
 * a school mailbox (`*.edu.cn`, verified at once) or a student card / 学信网 online report (reviewed by staff). It
 * holds until 31 July of the graduation year. Plain POST forms; the card form is multipart.
 */
export default function StudentVerifyPage() {
  const { viewer, personal, student } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errorsFor = (intent: string) => (result?.intent === intent ? result.fieldErrors : {});
  const valuesFor = (intent: string) => (result?.intent === intent ? result.values : {});
  let body: ReactNode;
  if (viewer === "guest")
    body = (
      <p>
        请先 <Link to={`/login?redirectTo=${encodeURIComponent(STUDENT_VERIFY_PATH)}`}>登录</Link> 后提交学生认证。
      </p>
    );
  else if (viewer === "sub-account") body = <p role="alert">子账号无权进行学生认证，请使用主账号登录。</p>;
  else if (personal?.state !== "verified")
    body = (
      <p>
        学生认证需要先完成个人实名认证。<Link to={BANK_CARD_VERIFY_PATH}>去完成个人认证</Link>
      </p>
    );
  else if (student && (student.state === "verified" || student.state === "pending"))
    body = <EntryStatus entry={student} retry={null} />;
  else
    body = (
      <>
        {student && <EntryStatus entry={student} retry={null} />}
        {result?.notice && <p role="status">{result.notice}</p>}
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        <PanelTitle as="h2">方式一：学校邮箱验证</PanelTitle>
        <Form method="post" noValidate aria-label="学校邮箱验证">
          <DetailsFields values={valuesFor("send-code")} errors={errorsFor("send-code")} />
          <Field
            label="学校邮箱（以 .edu.cn 结尾）"
            name="email"
            type="email"
            maxLength={254}
            defaultValue={valuesFor("send-code").email}
            error={errorsFor("send-code").email}
          />
          <StatusButton intent="send-code" variant="secondary" pendingText="发送中…">
            发送邮箱验证码
          </StatusButton>
        </Form>
        <Form method="post" noValidate aria-label="输入邮箱验证码">
          <Field
            label="邮箱验证码"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errorsFor("verify-code").code}
          />
          <StatusButton intent="verify-code" pendingText="验证中…">
            完成学生认证
          </StatusButton>
        </Form>
        <PanelTitle as="h2">方式二：上传学生证或学信网在线验证报告</PanelTitle>
        <Form method="post" encType="multipart/form-data" noValidate aria-label="上传学生证">
          <DetailsFields values={valuesFor("card")} errors={errorsFor("card")} />
          <label htmlFor="student-card-file">学生证照片或学信网报告（JPG、PNG 或 PDF，10MB 以内）</label>
          <input
            id="student-card-file"
            type="file"
            name="file"
            accept="image/jpeg,image/png,application/pdf"
            aria-invalid={errorsFor("card").file ? true : undefined}
            aria-describedby="student-card-file-error"
          />
          <FieldError id="student-card-file-error" role={errorsFor("card").file ? "alert" : undefined}>
            {errorsFor("card").file ?? ""}
          </FieldError>
          <StatusButton intent="card" pendingText="提交中…">
            提交审核
          </StatusButton>
        </Form>
      </>
    );
  return (
    <Page>
      <Panel>
        <h1>学生认证</h1>
        <p>在校学生完成认证后可领取学生专享优惠券。认证有效期至毕业年份的 7 月 31 日。</p>
        {body}
      </Panel>
    </Page>
  );
}
