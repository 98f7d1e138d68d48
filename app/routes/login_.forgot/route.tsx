import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthLayout, FormErrorText, Notice } from "~/components/shell/AuthLayout";
import { CaptchaField } from "~/components/ui/CaptchaField";
import { Field } from "~/components/ui/Field";
import { PhoneField } from "~/components/ui/PhoneField";
import { SmsCodeField } from "~/components/ui/SmsCodeField";
import { StatusButton } from "~/components/ui/StatusButton";
import { styled } from "~/components/ui/stitches.config";
import { handleForgotAction } from "./actions.server";

export const meta: MetaFunction = () => [{ title: "忘记密码 · 算力云" }];

export function action({ request }: ActionFunctionArgs) {
  return handleForgotAction(request);
}

const Hint = styled("p", { color: "$mutedText", fontSize: "$sm", margin: "0 0 $4" });
const Back = styled("p", { textAlign: "right", margin: "$3 0 0", fontSize: "$md" });

/**
 * 忘记密码 (decision 065): phone, SMS code, the new password twice, the
 * CAPTCHA when the platform asks for one. A plain POST form: 获取验证码 and
 * 重置密码 are its two intents, with JavaScript or without.
 */
export default function ForgotPasswordPage() {
  const result = useActionData<typeof action>();
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  return (
    <AuthLayout>
      <h1>忘记密码</h1>
      <Hint>
        通过主账号绑定的手机号重置密码，重置后该账号在所有设备上的登录都将退出。子账号请联系主账号在控制台重置密码。
      </Hint>
      <Form method="post" noValidate>
        {/* Enter submits 重置密码, not 获取验证码: the first submit button is the default. */}
        <button
          type="submit"
          name="intent"
          value="reset"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        {result?.notice && <Notice role="status">{result.notice}</Notice>}
        {result?.formError && <FormErrorText role="alert">{result.formError}</FormErrorText>}
        <PhoneField defaultValue={values.phone} error={errors.phone} />
        <SmsCodeField error={errors.code} />
        <Field
          label="新密码"
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          placeholder="8-32位，包含字母和数字"
          error={errors.password}
        />
        <Field
          label="确认新密码"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          error={errors.confirm_password}
        />
        <CaptchaField captcha={result?.captcha} error={errors.captcha} />
        <StatusButton intent="reset" block size="lg" pendingText="提交中…">
          重置密码
        </StatusButton>
      </Form>
      <Back>
        <Link to="/login?tab=password">返回登录</Link>
      </Back>
    </AuthLayout>
  );
}
