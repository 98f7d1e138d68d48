import { z } from "zod";
import * as field from "../../../platform/rules/fields";

const agree = field.ticked("请阅读并同意用户协议");

export const SendCodeSchema = z.object({ phone: field.phone() });
export const PasswordLoginSchema = z.object({ phone: field.phone(), password: field.password });
export const SmsLoginSchema = z.object({ phone: field.phone(), code: field.smsCode });
export const SubLoginSchema = z.object({
  phone: field.phone("主账号手机号"),
  name: field.requiredText("子账号名称", 32),
  password: field.password,
});
/** Two-step login's second step (decision 103): the ticket from the first step and a TOTP or recovery code. */
export const SecondStepSchema = z.object({
  ticket: field.requiredText("登录凭据", 64),
  code: field.requiredText("验证码或恢复码", 32),
});
export const RegisterSchema = z.object({
  phone: field.phone(),
  code: field.smsCode,
  password: field.newPassword,
  agree,
});
export const CompanyRegisterSchema = RegisterSchema.extend({
  company_name: field.companyName,
  credit_code: field.creditCode,
  contact_name: field.contactName,
});
