import { Hono } from "hono";
import { z } from "zod";
import type { AccountSecurityCalls } from "../../contract/account-security";
import { changePassword } from "../../modules/accounts/change-password";
import { changePhone, sendOldPhoneCode, verifyOldPhone } from "../../modules/accounts/change-phone";
import { maskPhone } from "../../modules/accounts/user-info";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";
import { captchaAnswer } from "./security";

/** Password and phone changes of the signed-in main account (issue 38 §1; platform/contract/account-security.ts). */
export const accountSecurityApi = new Hono<Env>();
const on = contractRoutes<AccountSecurityCalls>(accountSecurityApi);

const ChangePasswordFields = z.object({
  old_password: f.text("当前密码", 128).optional(),
  code: f.text("验证码", 16).optional(),
  password: f.password,
});

on.post("/change_password", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(ChangePasswordFields, form);
  const changed = await changePassword(c.var.ctx, caller, {
    oldPassword: input.old_password || undefined,
    code: input.code?.trim() || undefined,
    password: input.password,
    captcha: captchaAnswer(form),
  });
  return { signed_out: changed.signedOut };
});

const VerifyOldPhoneFields = z.object({ old_code: f.text("验证码", 16) });
const ChangePhoneFields = z.object({
  ticket: f.text("验证凭据", 64),
  phone: f.phone("新手机号"),
  code: f.text("验证码", 16),
});

on.post("/change_phone/send_old_code", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const sent = await sendOldPhoneCode(c.var.ctx, caller, captchaAnswer(form));
  return { resend_after_seconds: Math.ceil(sent.resendAfterMs / 1000) };
});

on.post("/change_phone/verify_old", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const { old_code } = parseFields(VerifyOldPhoneFields, form);
  const verified = await verifyOldPhone(c.var.ctx, caller, { code: old_code.trim(), captcha: captchaAnswer(form) });
  return { ticket: verified.ticket, expires_at: verified.expiresAt.toISOString() };
});

on.post("/change_phone", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(ChangePhoneFields, form);
  const changed = await changePhone(c.var.ctx, caller, { ...input, code: input.code.trim() });
  return { phone: maskPhone(changed.phone), signed_out: changed.signedOut };
});
