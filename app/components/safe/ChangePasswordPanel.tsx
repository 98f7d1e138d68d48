import { Form, Link } from "@remix-run/react";
import { CaptchaField } from "../ui/CaptchaField";
import { Field, FieldError } from "../ui/Field";
import { Panel, PanelTitle } from "../ui/layout";
import { SmsCodeField } from "../ui/SmsCodeField";
import { StatusButton } from "../ui/StatusButton";
import type { SafeFormResult } from "./form-result";

/**
 * 修改密码 (issue 38 §1): the current password, or (`byCode`, the link 忘记当前密码) an SMS code to the account's phone;
 * the new password twice. Plain forms: the mode is a query parameter, so it works without JavaScript.
 */
export function ChangePasswordPanel({
  byCode,
  phone,
  result,
}: {
  byCode: boolean;
  phone: string;
  result: SafeFormResult | null;
}) {
  const errors = result?.fieldErrors ?? {};
  return (
    <Panel aria-labelledby="password-title">
      <PanelTitle id="password-title">修改密码</PanelTitle>
      <p>修改后，除本设备外的其他设备将退出登录。</p>
      <Form method="post" action={byCode ? "?password=code" : "?"} noValidate style={{ maxWidth: 460 }}>
        <button
          type="submit"
          name="intent"
          value="change-password"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        {result?.notice && <p role="status">{result.notice}</p>}
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {byCode ? (
          <>
            <SmsCodeField label={`短信验证码（发送至 ${phone}）`} error={errors.code} sendIntent="send-password-code" />
            <p>
              <Link to="/console/safe">使用当前密码验证</Link>
            </p>
          </>
        ) : (
          <>
            <Field
              label="当前密码"
              name="old_password"
              type="password"
              autoComplete="current-password"
              maxLength={128}
              error={errors.old_password}
            />
            <p>
              <Link to="/console/safe?password=code">忘记当前密码？使用短信验证码</Link>
            </p>
          </>
        )}
        <Field
          label="新密码"
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={32}
          error={errors.password}
        />
        <Field
          label="确认新密码"
          name="confirm"
          type="password"
          autoComplete="new-password"
          maxLength={32}
          error={errors.confirm}
        />
        <CaptchaField captcha={result?.captcha} error={errors.captcha} />
        <StatusButton intent="change-password">修改密码</StatusButton>
      </Form>
    </Panel>
  );
}
