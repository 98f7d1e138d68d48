import { Form } from "@remix-run/react";
import type { TwoStepStatusWire } from "~/upstream/two-step.server";
import { formatDateTime } from "~/utils/format";
import { CaptchaField } from "../ui/CaptchaField";
import { Field, FieldError } from "../ui/Field";
import { Muted, Panel, PanelTitle } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { StatusButton } from "../ui/StatusButton";
import type { SafeFormResult } from "./form-result";

/** The intents of this panel's forms (the route's action answers them: app/utils/two-step-actions.server.ts). */
export const TWO_STEP_INTENTS = ["two-step-begin", "two-step-enable", "two-step-regenerate", "two-step-disable"];

const Qr = styled("div", { width: 200, height: 200, svg: { width: "100%", height: "100%" } });
const Secret = styled("code", { fontSize: "$md", wordBreak: "break-all", letterSpacing: 1 });
const Codes = styled("ol", { columns: 2, fontFamily: "monospace", fontSize: "$md", maxWidth: 360 });

/** A hidden default submit button: Enter sends this form's own intent. */
const DefaultIntent = ({ intent }: { intent: string }) => (
  <button type="submit" name="intent" value={intent} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
);

/**
 * 两步验证 (issue 38 §1, decision 103): turn on by scanning a QR code (or typing the secret) and typing a code; the
 * recovery codes show once; turn off or make new recovery codes with a current code or a recovery code. The secret
 * being set up rides in hidden fields of the form (sealed), never in a URL; every step is a plain form post.
 */
export function TwoStepPanel({ status, result }: { status: TwoStepStatusWire; result: SafeFormResult | null }) {
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const done = result !== null && !result.formError && Object.keys(errors).length === 0;
  const recoveryCodes = done && values.recovery_codes ? values.recovery_codes.split(" ") : [];
  const settingUp = !status.enabled && !!values.two_step_pending && result?.intent !== "two-step-disable";
  const qr = done && result?.intent === "two-step-begin" ? values.two_step_qr : undefined;
  return (
    <Panel aria-labelledby="two-step-title">
      <PanelTitle id="two-step-title">两步验证</PanelTitle>
      {result?.notice && <p role="status">{result.notice}</p>}
      {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
      {recoveryCodes.length > 0 && (
        <section aria-label="恢复码">
          <Codes data-testid="recovery-codes">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Codes>
          <Muted>手机丢失或无法使用验证器时，可用恢复码代替验证码登录，每个恢复码只能使用一次。</Muted>
        </section>
      )}
      {status.enabled ? (
        <Form method="post" noValidate style={{ maxWidth: 460 }}>
          <DefaultIntent intent="two-step-regenerate" />
          <p>
            已开启（{formatDateTime(status.enabled_at)}），登录时需输入验证器应用中的验证码。剩余恢复码{" "}
            {status.recovery_codes_left} 个。
          </p>
          <Field label="验证码或恢复码" name="code" autoComplete="one-time-code" maxLength={32} error={errors.code} />
          <CaptchaField captcha={result?.captcha} error={errors.captcha} />
          <StatusButton intent="two-step-regenerate">重新生成恢复码</StatusButton>{" "}
          <StatusButton intent="two-step-disable" variant="danger">
            关闭两步验证
          </StatusButton>
        </Form>
      ) : settingUp ? (
        <Form method="post" noValidate style={{ maxWidth: 460 }}>
          <DefaultIntent intent="two-step-enable" />
          <input type="hidden" name="two_step_pending" value={values.two_step_pending} />
          <input type="hidden" name="two_step_secret" value={values.two_step_secret ?? ""} />
          {qr && <Qr role="img" aria-label="两步验证二维码" dangerouslySetInnerHTML={{ __html: qr }} />}
          <p>
            无法扫码时，在验证器应用中手动输入密钥：
            <Secret data-testid="two-step-secret">{values.two_step_secret}</Secret>
          </p>
          <Field
            label="验证码"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code}
          />
          <StatusButton intent="two-step-enable">开启</StatusButton>{" "}
          <StatusButton intent="two-step-begin" variant="secondary">
            重新获取二维码
          </StatusButton>
        </Form>
      ) : (
        <Form method="post" noValidate>
          <p>
            开启后，使用密码或短信验证码登录时还需输入验证器应用（如 Google Authenticator、Microsoft
            Authenticator、腾讯身份验证器）中的 6 位验证码。
          </p>
          <StatusButton intent="two-step-begin">开启两步验证</StatusButton>
        </Form>
      )}
    </Panel>
  );
}
