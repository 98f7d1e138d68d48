import { Form, Link } from "@remix-run/react";
import type { UnregisterBlocker } from "~/upstream/accounts.server";
import { CaptchaField } from "../ui/CaptchaField";
import { CheckboxField, FieldError } from "../ui/Field";
import { Panel, PanelTitle } from "../ui/layout";
import { SmsCodeField } from "../ui/SmsCodeField";
import { StatusButton } from "../ui/StatusButton";
import type { SafeFormResult } from "./form-result";

/** 注销账号: what stops it, or the form (an SMS code and both confirmations). */
export function UnregisterPanel({
  check,
  phone,
  result,
}: {
  check: { can_unregister: boolean; blockers: UnregisterBlocker[] };
  phone: string;
  result: SafeFormResult | null;
}) {
  const errors = result?.fieldErrors ?? {};
  return (
    <Panel aria-labelledby="unregister-title">
      <PanelTitle id="unregister-title">注销账号</PanelTitle>
      <p>
        注销后账号无法登录，子账号同时停用，未使用的权益作废。请先阅读
        <Link to="/unregisterAgreement">《账号注销协议》</Link>。
      </p>
      {!check.can_unregister ? (
        <div role="alert" data-testid="unregister-blockers">
          <p>当前账号暂不能注销：</p>
          <ul>
            {check.blockers.map((b) => (
              <li key={b.key}>{b.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <Form method="post" noValidate style={{ maxWidth: 460 }}>
          {result?.notice && <p role="status">{result.notice}</p>}
          {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
          <button
            type="submit"
            name="intent"
            value="unregister"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
          <SmsCodeField label={`短信验证码（发送至 ${phone}）`} error={errors.code} />
          <CheckboxField name="agree" error={errors.agree}>
            我已阅读并同意<Link to="/unregisterAgreement">《账号注销协议》</Link>
          </CheckboxField>
          <CheckboxField name="confirm" error={errors.confirm}>
            我确认注销账号，了解此操作不可恢复
          </CheckboxField>
          <CaptchaField captcha={result?.captcha} error={errors.captcha} />
          <StatusButton intent="unregister" variant="danger">
            确认注销
          </StatusButton>
        </Form>
      )}
    </Panel>
  );
}
