import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EntryStatus } from "~/components/verification/EntryStatus";
import { CaptchaField } from "~/components/ui/CaptchaField";
import { Field, FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { SmsCodeField } from "~/components/ui/SmsCodeField";
import { StatusButton } from "~/components/ui/StatusButton";
import { SELECT_VERIFICATION_PATH } from "~/utils/console-paths";
import { entryView, latestOf, loadVerifications } from "~/utils/verification.server";
import { handleBankCardAction } from "./actions.server";

export const meta: MetaFunction = () => [{ title: "银行卡认证 · 实名认证 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { verifications } = await loadVerifications(request);
  return { personal: entryView(latestOf(verifications, "personal")) };
}

export function action({ request }: ActionFunctionArgs) {
  return handleBankCardAction(request);
}

/**
 * 银行卡认证 (issue 37 §1): name, ID number, the bank card and the phone the bank has for it, an SMS code to that
 * phone, then the four-element check. A plain POST form (获取验证码 and 提交认证 are its two intents); once verified,
 * the page shows the masked values instead of the form.
 */
export default function BankCardVerifyPage() {
  const { personal } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const back = <Link to={SELECT_VERIFICATION_PATH}>返回实名认证</Link>;
  if (personal && personal.state !== "rejected")
    return (
      <>
        <h1>银行卡认证</h1>
        <Panel>
          <EntryStatus entry={personal} retry={null} />
          {back}
        </Panel>
      </>
    );
  return (
    <>
      <h1>银行卡认证</h1>
      <Panel>
        {personal && <EntryStatus entry={personal} retry={null} />}
        <p>请填写本人的姓名、身份证号、银行卡号及该卡在银行预留的手机号。信息加密保存，页面只显示脱敏后的内容。</p>
        <Form method="post" noValidate>
          {/* Enter submits 提交认证, not 获取验证码: the first submit button is the default. */}
          <button
            type="submit"
            name="intent"
            value="verify"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
          {result?.notice && <p role="status">{result.notice}</p>}
          {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
          <Field
            label="姓名"
            name="name"
            autoComplete="name"
            maxLength={20}
            defaultValue={values.name}
            error={errors.name}
          />
          <Field
            label="身份证号"
            name="id_number"
            autoComplete="off"
            maxLength={18}
            defaultValue={values.id_number}
            error={errors.id_number}
          />
          <Field
            label="银行卡号"
            name="card_number"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            defaultValue={values.card_number}
            error={errors.card_number}
          />
          <Field
            label="银行预留手机号"
            name="phone"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            defaultValue={values.phone}
            error={errors.phone}
          />
          <SmsCodeField error={errors.code} />
          <CaptchaField captcha={result?.captcha} error={errors.captcha} />
          <StatusButton intent="verify" pendingText="认证中…">
            提交认证
          </StatusButton>
        </Form>
        <p>{back}</p>
      </Panel>
    </>
  );
}
