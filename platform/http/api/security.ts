import { Hono } from "hono";
import { z } from "zod";
import type { SecurityCalls } from "../../contract/security";
import { createCaptcha, type CaptchaAnswer } from "../../modules/security/captcha";
import type { Env } from "../context";
import { toCaptcha } from "../shapes/security";
import { parseFields, type Form } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The answer fields every guarded call takes (platform/contract/security.ts). */
const CaptchaFields = z.object({
  captcha_id: z.string().max(64, "安全验证已失效，请刷新后重试").optional(),
  captcha_code: z.string().max(16, "图形验证码不正确").optional(),
  captcha_pow: z.string().max(4096, "安全验证已失效，请刷新后重试").optional(),
});

/** The caller's CAPTCHA answer, when the form carries one. */
export function captchaAnswer(form: Form): CaptchaAnswer | undefined {
  const fields = parseFields(CaptchaFields, form);
  if (!fields.captcha_id) return undefined;
  return { id: fields.captcha_id, code: fields.captcha_code || undefined, pow: fields.captcha_pow || undefined };
}

export const securityApi = new Hono<Env>();
const on = contractRoutes<SecurityCalls>(securityApi);

/** A new CAPTCHA challenge (image code and proof of work), asked for after a CAPTCHA_REQUIRED refusal. */
on.post("/auth/get_captcha", async (c) => toCaptcha(await createCaptcha(c.var.ctx)));
