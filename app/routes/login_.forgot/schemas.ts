import { z } from "zod";
import * as field from "../../../platform/rules/fields";

export const ForgotSendCodeSchema = z.object({ phone: field.phone() });

export const ResetPasswordSchema = z
  .object({
    phone: field.phone(),
    code: field.smsCode,
    password: field.newPassword,
    confirm_password: z.string({ required_error: "请再次输入新密码" }).max(128, "密码过长"),
  })
  .refine((input) => input.password === input.confirm_password, {
    message: "两次输入的密码不一致",
    path: ["confirm_password"],
  });
