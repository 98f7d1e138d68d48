import type { CaptchaFields, CaptchaWire, SecurityCalls } from "../../platform/contract/security";
import { callApiOrThrow } from "./transport.server";

export type { CaptchaFields, CaptchaWire };

/** A new CAPTCHA challenge: the image to read and the proof-of-work puzzle (decision 025). */
export function getCaptcha(): Promise<CaptchaWire> {
  return callApiOrThrow<SecurityCalls["/auth/get_captcha"]["data"]>("/auth/get_captcha", {});
}

/** The CAPTCHA answer a form carries (`CaptchaField`), as the platform's fields; empty when there is none. */
export function captchaFieldsOf(form: FormData): CaptchaFields {
  const read = (name: keyof CaptchaFields) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const id = read("captcha_id");
  return id ? { captcha_id: id, captcha_code: read("captcha_code"), captcha_pow: read("captcha_pow") } : {};
}
