import { z } from "zod";
import { checkIdNumber, type NumberCheck } from "../../platform/rules/identity-numbers";
import { checkPersonName } from "../../platform/rules/person-name";

/**
 * Form fields of the verification pages (zod, shared by their schemas): a field checked by a pure rule of
 * platform/rules with the platform's own Chinese sentence beside it, an uploaded file, the ids of files already
 * uploaded by an earlier try of the same form.
 */
export const checkedBy = (empty: string, check: (raw: string) => NumberCheck, max = 40, prefix = "") =>
  z
    .string({ required_error: empty })
    .max(max, empty)
    .trim()
    .min(1, empty)
    .superRefine((value, ctx) => {
      const checked = check(value);
      if (!checked.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: prefix + checked.reason });
    });

/** A person's name as on the ID card (汉字, with · for minority names). */
export const personNameField = checkedBy("请输入姓名", checkPersonName);

/** A resident ID number, GB 11643 (check character and date of birth). */
export const idNumberField = checkedBy("请输入身份证号", (v) => checkIdNumber(v, new Date()));

/** The files chosen in a file input (an input left empty sends one nameless empty part: no file). */
export const chosenFiles = (value: unknown): File[] =>
  [value].flat().filter((v): v is File => v instanceof File && v.size > 0);

/** A required file input. */
export const requiredFile = (empty: string) =>
  z.unknown().transform((value, ctx) => {
    const [file] = chosenFiles(value);
    if (!file) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: empty });
      return z.NEVER;
    }
    return file;
  });

/** Ids of files an earlier try uploaded ("3,4"), kept in a hidden field; empty when none. */
export const uploadedIds = z
  .string()
  .max(200)
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .filter((x) => /^[1-9]\d{0,15}$/.test(x))
      .map(Number),
  );
