import { z } from "zod";

/** Field rules the content kinds share; each message is what the editor reads next to the field. */

export const titleField = (what: string, max: number) =>
  z
    .string({ required_error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(max, `${what}不能超过 ${max} 个字`);

export const summaryField = z.string().trim().max(200, "摘要不能超过 200 个字").default("");

/** Markdown bodies: 100,000 characters is about 60 printed pages. */
export const bodyField = z.string().max(100_000, "正文不能超过 100000 个字符").default("");

/** Where it stands among its siblings: 0 first. A form's text is read as a number. */
export const positionField = z.coerce
  .number({ invalid_type_error: "排序须为 0-9999 的整数" })
  .int("排序须为 0-9999 的整数")
  .min(0, "排序须为 0-9999 的整数")
  .max(9999, "排序须为 0-9999 的整数")
  .default(0);

/** A whole number from a form's text or a number. */
export const wholeNumberField = (what: string, max: number) =>
  z.coerce
    .number({ invalid_type_error: `${what}须为整数` })
    .int(`${what}须为整数`)
    .min(0, `${what}不能为负数`)
    .max(max, `${what}不能超过 ${max}`);

/** An optional row id from a form: "" or absent → null. */
export const optionalIdField = (what: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z.coerce
      .number({ invalid_type_error: `请选择${what}` })
      .int()
      .positive(`请选择${what}`)
      .nullable(),
  );

export const httpsUrlField = z
  .string()
  .trim()
  .max(300, "网址不能超过 300 个字符")
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, "请填写以 http:// 或 https:// 开头的网址");
