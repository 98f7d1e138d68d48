import { Field } from "./Field";
import { StatusButton } from "./StatusButton";

/**
 * The SMS code field with its 获取验证码 button beside it: the button posts the form with
 * `intent=send-code` (without the browser's validation), so the route's action sends the code and
 * the page comes back with what was typed.
 */
export function SmsCodeField({
  label = "短信验证码",
  error,
  sendIntent = "send-code",
  name = "code",
}: {
  label?: string;
  error?: string;
  /** The intent of the 获取验证码 button, where one page has several code fields. */
  sendIntent?: string;
  /** The field's name, where a form asks for two codes (更换手机号: the old number's, then the new one's). */
  name?: string;
}) {
  return (
    <Field
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      error={error}
      aside={
        <StatusButton intent={sendIntent} variant="secondary" formNoValidate pendingText="发送中…">
          获取验证码
        </StatusButton>
      }
    />
  );
}
