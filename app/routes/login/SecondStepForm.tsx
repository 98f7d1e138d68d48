import { Form, Link } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { FormErrorText, Notice } from "~/components/shell/AuthLayout";
import { Field } from "~/components/ui/Field";
import { StatusButton } from "~/components/ui/StatusButton";

/**
 * Two-step login's second step (decision 103): after a right password or SMS code, the code of the authenticator
 * app or a recovery code. The first step's ticket rides in a hidden field (never in a URL); a plain POST works
 * without JavaScript.
 */
export function SecondStepForm({
  ticket,
  redirectTo,
  notice,
  formError,
  codeError,
  restartHref,
  action,
}: {
  ticket: string;
  redirectTo: string;
  notice: string | null;
  formError: string | null;
  codeError: string | undefined;
  restartHref: string;
  /** Where the form posts when another page shows it (the WeChat login page posts to /login). */
  action?: string;
}) {
  return (
    <Form method="post" action={action} noValidate aria-labelledby="second-step-title">
      <h2 id="second-step-title">两步验证</h2>
      <HoneypotInputs label="请勿填写此项" />
      <input type="hidden" name="ticket" value={ticket} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {notice && <Notice role="status">{notice}</Notice>}
      {formError && <FormErrorText role="alert">{formError}</FormErrorText>}
      <Field
        label="验证码或恢复码"
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={32}
        autoFocus
        placeholder="验证器应用中的 6 位数字，或 XXXXX-XXXXX 恢复码"
        error={codeError}
      />
      <StatusButton intent="second-step" block size="lg">
        验证并登录
      </StatusButton>
      <p>
        <Link to={restartHref} replace>
          重新登录
        </Link>
      </p>
    </Form>
  );
}
