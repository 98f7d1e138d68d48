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
