import { Form, Link } from "@remix-run/react";
import type { WechatBindingWire } from "~/upstream/wechat.server";
import { formatDateTime } from "~/utils/format";
import { CaptchaField } from "../ui/CaptchaField";
import { FieldError } from "../ui/Field";
import { Panel, PanelTitle } from "../ui/layout";
import { SmsCodeField } from "../ui/SmsCodeField";
import { StatusButton } from "../ui/StatusButton";
import type { SafeFormResult } from "./form-result";

/** The panel's intents (console.safe_.wechat/unbind-intents.server.ts answers them). */
export const WECHAT_UNBIND_INTENTS = ["wechat-unbind-code", "wechat-unbind"];

/**
 * 微信绑定 (issue 38 §2): the WeChat users bound to the account (nickname, bound at), a link to bind another by QR,
 * and per binding an unbind form that needs the SMS code sent to the account's phone.
 */
export function WechatBindingPanel({
  bindings,
  phone,
  result,
}: {
  bindings: WechatBindingWire[];
  phone: string;
  result: SafeFormResult | null;
}) {
  const errors = result?.fieldErrors ?? {};
  const answered = result?.values.binding_id;
  return (
    <Panel aria-labelledby="wechat-title" data-testid="wechat-bindings">
      <PanelTitle id="wechat-title">微信绑定</PanelTitle>
      {bindings.length === 0 ? (
        <p>尚未绑定微信。绑定后可使用微信扫码登录。</p>
      ) : (
        <ul>
          {bindings.map((b) => {
            const mine = answered === String(b.id) ? result : null;
            return (
              <li key={b.id} data-testid="wechat-binding">
                <p>
                  <strong>{b.nickname}</strong>，绑定于 {formatDateTime(b.bound_at)}
                </p>
                <Form method="post" noValidate style={{ maxWidth: 460 }}>
                  <button
                    type="submit"
                    name="intent"
                    value="wechat-unbind"
                    className="visually-hidden"
                    tabIndex={-1}
                    aria-hidden="true"
                  />
                  <input type="hidden" name="binding_id" value={b.id} />
                  {mine?.notice && <p role="status">{mine.notice}</p>}
                  {mine?.formError && <FieldError role="alert">{mine.formError}</FieldError>}
                  {mine?.fieldErrors.binding_id && <FieldError role="alert">{mine.fieldErrors.binding_id}</FieldError>}
                  <SmsCodeField
                    label={`短信验证码（发送至 ${phone}）`}
                    sendIntent="wechat-unbind-code"
                    error={mine ? errors.code : undefined}
                  />
                  <CaptchaField captcha={mine?.captcha ?? null} error={mine ? errors.captcha : undefined} />
                  <StatusButton intent="wechat-unbind" variant="danger">
                    解除绑定
                  </StatusButton>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to="/console/safe/wechat" data-testid="wechat-bind-link">
          绑定微信
        </Link>
      </p>
    </Panel>
  );
}
