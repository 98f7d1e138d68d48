import { Form, Link } from "@remix-run/react";
import { CaptchaField } from "../ui/CaptchaField";
import { Field, FieldError } from "../ui/Field";
import { Panel, PanelTitle } from "../ui/layout";
import { SmsCodeField } from "../ui/SmsCodeField";
import { StatusButton } from "../ui/StatusButton";
import type { SafeFormResult } from "./form-result";

/** The intents of this panel's forms (the route's action answers them). */
export const CHANGE_PHONE_INTENTS = ["send-old-phone-code", "verify-old-phone", "send-new-phone-code", "change-phone"];

/**
 * 更换手机号 (issue 38 §1) in two steps: the old number's code, then the new number and its code. Step 2's proof (a
 * ticket) comes back from the action and rides in a hidden field, so it never appears in a URL and the steps work
 * without JavaScript. An expired proof (its error is beside old_code) starts over at step 1.
 */
export function ChangePhonePanel({ phone, result }: { phone: string; result: SafeFormResult | null }) {
  const errors = result?.fieldErrors ?? {};
  const ticket = result?.values.ticket ?? "";
  const secondStep = ticket !== "" && !errors.old_code;
  return (
    <Panel aria-labelledby="phone-title">
      <PanelTitle id="phone-title">更换手机号</PanelTitle>
      <p>当前手机号 {phone}。更换后请使用新手机号登录，其他设备将退出登录。</p>
      {result?.notice && <p role="status">{result.notice}</p>}
      {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
      {secondStep ? (
        <Form method="post" noValidate style={{ maxWidth: 460 }}>
          <button
            type="submit"
            name="intent"
            value="change-phone"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
          <input type="hidden" name="ticket" value={ticket} />
          <Field
            label="新手机号"
            name="phone"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            defaultValue={result?.values.phone ?? ""}
            error={errors.phone}
          />
          <SmsCodeField label="新手机号验证码" error={errors.code} sendIntent="send-new-phone-code" />
          <CaptchaField captcha={result?.captcha} error={errors.captcha} />
          <StatusButton intent="change-phone">确认更换</StatusButton>
        </Form>
      ) : (
        <Form method="post" noValidate style={{ maxWidth: 460 }}>
          <button
            type="submit"
            name="intent"
            value="verify-old-phone"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
          <SmsCodeField
            label={`原手机号验证码（发送至 ${phone}）`}
            name="old_code"
            error={errors.old_code}
            sendIntent="send-old-phone-code"
          />
          <CaptchaField captcha={result?.captcha} error={errors.captcha} />
          <StatusButton intent="verify-old-phone">下一步</StatusButton>
          <p>
            原手机号已无法接收短信？请<Link to="/console/createWorkOrder/selectQuestion">提交工单</Link>
            ，客服核实身份后为您更换。
          </p>
        </Form>
      )}
    </Panel>
  );
}
