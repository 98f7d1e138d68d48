import { z } from "zod";
import * as field from "../../../platform/rules/fields";
import { checkBankCardNumber, checkIdNumber, type NumberCheck } from "../../../platform/rules/identity-numbers";
import { checkPersonName } from "../../../platform/rules/person-name";

/** A field checked by a pure rule of platform/rules, its Chinese sentence beside the field (the platform's own). */
const checkedBy = (empty: string, check: (raw: string) => NumberCheck) =>
  z
    .string({ required_error: empty })
    .max(40, empty)
    .trim()
    .min(1, empty)
    .superRefine((value, ctx) => {
      const checked = check(value);
      if (!checked.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: checked.reason });
    });

export const SendCodeSchema = z.object({ phone: field.phone("银行预留手机号") });

export const BankCardVerifySchema = z.object({
  name: checkedBy("请输入姓名", checkPersonName),
  id_number: checkedBy("请输入身份证号", (v) => checkIdNumber(v, new Date())),
  card_number: checkedBy("请输入银行卡号", checkBankCardNumber),
  phone: field.phone("银行预留手机号"),
  code: field.smsCode,
});
