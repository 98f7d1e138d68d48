import { Hono } from "hono";
import { z } from "zod";
import { SMS_PURPOSES, type AccountCalls } from "../../contract/accounts";
import { loginSubAccount, loginWithCode, loginWithPassword } from "../../modules/accounts/login";
import { changeNoticeEmail } from "../../modules/accounts/profile";
import { confirmNoticeEmail, resendNoticeEmailConfirmation } from "../../modules/accounts/notice-email-confirmation";
import { registerCompany, registerPersonal } from "../../modules/accounts/register";
import { resetPassword } from "../../modules/accounts/reset-password";
import { revokeSession } from "../../modules/accounts/sessions";
import { unregister, unregisterCheck } from "../../modules/accounts/unregister";
import { sendVerifyCode } from "../../modules/accounts/verify-codes";
import { getUserSnapshot } from "../../modules/accounts/user-info";
import { listVipTiers } from "../../modules/membership/vip-info";
import { callerFromForm, sessionToken, visitor, type Env } from "../context";
import * as f from "../fields";
import { contractRoutes } from "./contract-routes";
import {
  toConfirmedNoticeEmail,
  toNoticeEmail,
  toSentCode,
  toToken,
  toUnregisterCheck,
  toVipInfos,
} from "../shapes/accounts";
import { toLoginReply } from "../shapes/two-step";
import { toUserInfo } from "../shapes/user-info";
import { parseFields, readForm, type Form } from "../wire";
import { captchaAnswer } from "./security";

export const accountsApi = new Hono<Env>();
const on = contractRoutes<AccountCalls>(accountsApi);

// Each call's fields, built once: a schema made inside a handler would be rebuilt on every request.
const SendCodeFields = z.object({
  phone: f.phone(),
  purpose: z.enum(SMS_PURPOSES, { errorMap: () => ({ message: "验证码用途不正确" }) }),
});

on.post("/auth/send_verify_code", async (c) => {
  const form = await readForm(c);
  const input = parseFields(SendCodeFields, form);
  return toSentCode(await sendVerifyCode(c.var.ctx, visitor(c), { ...input, captcha: captchaAnswer(form) }));
});

const registerFields = {
  phone: f.phone(),
  code: f.smsCode,
  password: f.password,
  agree: f.agreement,
  event_channel: f.eventChannel,
  bd_vid: f.bdVid,
  referral_touch: f.referralTouch,
};
const RegisterFields = z.object(registerFields);
const CompanyRegisterFields = z.object({
  company_name: f.requiredText("企业名称", 60),
  credit_code: f.requiredText("统一社会信用代码", 18),
  contact_name: f.requiredText("联系人姓名", 20),
  ...registerFields,
});
const CodeLoginFields = z.object({ phone: f.phone(), code: f.smsCode });
const PasswordLoginFields = z.object({ phone: f.phone(), password: f.password });
const SubAccountLoginFields = z.object({
  phone: f.phone("主账号手机号"),
  name: f.requiredText("子账号名称", 32),
  password: f.password,
});
const ResetPasswordFields = z.object({ phone: f.phone(), code: f.smsCode, password: f.password });
const UnregisterFields = z.object({ code: f.smsCode, agree: f.agreement });
const NoticeEmailFields = z.object({ email: f.requiredText("邮箱", 254) });
const ConfirmNoticeEmailFields = z.object({ token: f.requiredText("验证链接", 64) });

/** The fields every registration shares, as the accounts module names them. */
const registration = (input: z.infer<typeof RegisterFields>, form: Form) => ({
  captcha: captchaAnswer(form),
  phone: input.phone,
  code: input.code,
  password: input.password,
  agreed: input.agree,
  eventChannel: input.event_channel,
  bdVid: input.bd_vid,
  referralTouch: input.referral_touch,
});

on.post("/register", async (c) => {
  const form = await readForm(c);
  const input = parseFields(RegisterFields, form);
  return toToken(await registerPersonal(c.var.ctx, visitor(c), registration(input, form)));
});

on.post("/company_register", async (c) => {
  const form = await readForm(c);
  const input = parseFields(CompanyRegisterFields, form);
  const session = await registerCompany(c.var.ctx, visitor(c), {
    companyName: input.company_name,
    creditCode: input.credit_code,
    contactName: input.contact_name,
    ...registration(input, form),
  });
  return toToken(session);
});

on.post("/login", async (c) => {
  const form = await readForm(c);
  const captcha = captchaAnswer(form);
  const session =
    form.login_type === "code"
      ? await loginWithCode(c.var.ctx, visitor(c), {
          ...parseFields(CodeLoginFields, form),
          captcha,
        })
      : await loginWithPassword(c.var.ctx, visitor(c), {
          ...parseFields(PasswordLoginFields, form),
          captcha,
        });
  return toLoginReply(session);
});

on.post("/sub_account_login", async (c) => {
  const form = await readForm(c);
  const input = parseFields(SubAccountLoginFields, form);
  const session = await loginSubAccount(c.var.ctx, visitor(c), {
    captcha: captchaAnswer(form),
    mainPhone: input.phone,
    name: input.name,
    password: input.password,
  });
  return toLoginReply(session);
});

on.post("/reset_password", async (c) => {
  const form = await readForm(c);
  const input = parseFields(ResetPasswordFields, form);
  await resetPassword(c.var.ctx, visitor(c), { ...input, captcha: captchaAnswer(form) });
  return null;
});

on.post("/logout", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  await revokeSession(c.var.ctx, caller);
  return null;
});

/** Built once: get_user_info runs on every page view. */
const UserInfoOptions = z.object({ with_unread: f.flag("with_unread") });

on.post("/get_user_info", async (c) => {
  const form = await readForm(c);
  // with_unread=1 adds the unread notification and message counts (the web shell asks on every navigation).
  const { with_unread } = parseFields(UserInfoOptions, form);
  const snapshot = await getUserSnapshot(c.var.ctx, visitor(c), { token: sessionToken(form), withUnread: with_unread });
  return toUserInfo(snapshot);
});

on.post("/get_user_vip_info", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toVipInfos(listVipTiers(c.var.ctx, caller));
});

on.post("/unregister_check", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toUnregisterCheck(await unregisterCheck(c.var.ctx, caller));
});

on.post("/unregister", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(UnregisterFields, form);
  await unregister(c.var.ctx, caller, { code: input.code, agreed: input.agree });
  return null;
});

on.post("/change_notice_email", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(NoticeEmailFields, form);
  return toNoticeEmail(await changeNoticeEmail(c.var.ctx, caller, { email: input.email }));
});

on.post("/resend_notice_email_confirmation", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toNoticeEmail(await resendNoticeEmailConfirmation(c.var.ctx, caller));
});

/** Public: the token from the emailed link is the proof (decision 059, addendum). */
on.post("/confirm_notice_email", async (c) => {
  const input = parseFields(ConfirmNoticeEmailFields, await readForm(c));
  return toConfirmedNoticeEmail(await confirmNoticeEmail(c.var.ctx, { token: input.token }));
});
