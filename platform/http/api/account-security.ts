import { Hono } from "hono";
import { z } from "zod";
import type { AccountSecurityCalls } from "../../contract/account-security";
import { changePassword } from "../../modules/accounts/change-password";
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
