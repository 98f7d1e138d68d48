import { z } from "zod";
import { CODE_PATTERN, isStrongPassword, isValidCreditCode, PHONE_PATTERN } from "../../../platform/rules/validation";

const text = (label: string, max = 64) =>
  z
    .string({ required_error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}过长`);

const phone = (label = "手机号") => text(label, 32).regex(PHONE_PATTERN, "请输入正确的11位手机号");
const code = text("验证码", 16).regex(CODE_PATTERN, "验证码为6位数字");
const password = z.string({ required_error: "请填写密码" }).min(1, "请填写密码").max(128, "密码过长");
const newPassword = password.refine(isStrongPassword, "密码需为8-32位，且同时包含字母和数字");
const agree = z.literal("1", { errorMap: () => ({ message: "请阅读并同意用户协议" }) });

export const SendCodeSchema = z.object({ phone: phone() });
export const PasswordLoginSchema = z.object({ phone: phone(), password });
export const SmsLoginSchema = z.object({ phone: phone(), code });
export const SubLoginSchema = z.object({ phone: phone("主账号手机号"), name: text("子账号名称", 32), password });
export const RegisterSchema = z.object({ phone: phone(), code, password: newPassword, agree });
export const CompanyRegisterSchema = RegisterSchema.extend({
  company_name: text("企业名称", 60).refine((v) => v.length >= 2, "请输入2-60个字的企业名称"),
  credit_code: text("统一社会信用代码", 18).refine((v) => isValidCreditCode(v), "统一社会信用代码不正确"),
  contact_name: text("联系人姓名", 20).refine((v) => v.length >= 2, "请输入2-20个字的联系人姓名"),
});
