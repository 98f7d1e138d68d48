import { z } from "zod";
import { checkIdNumber, type NumberCheck } from "../../platform/rules/identity-numbers";
import { checkPersonName } from "../../platform/rules/person-name";

/** A field checked by a pure rule of platform/rules, its Chinese sentence beside the field (the platform's own). */
export const checkedBy = (empty: string, check: (raw: string) => NumberCheck) =>
  z
    .string({ required_error: empty })
    .max(40, empty)
    .trim()
    .min(1, empty)
    .superRefine((value, ctx) => {
      const checked = check(value);
      if (!checked.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: checked.reason });
    });

/** A person's name as on the ID card (汉字, with · for minority names). */
export const personNameField = checkedBy("请输入姓名", checkPersonName);

/** A resident ID number, GB 11643 (check character and date of birth). */
export const idNumberField = checkedBy("请输入身份证号", (v) => checkIdNumber(v, new Date()));
