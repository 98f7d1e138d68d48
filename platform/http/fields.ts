import { z } from "zod";
import { text } from "../rules/fields";

/**
 * Field schemas for the wire. The field rules (phone, SMS code, password, email,
 * amounts, …) live in platform/rules/fields.ts, shared with the pages; this
 * module adds what only the wire has (agreements as sent by other clients,
 * paging, ids, the session field).
 */
export { password, phone, requiredText, smsCode, text } from "../rules/fields";

/** "1", "true" or "on" (a checked checkbox) mean yes; anything else, or nothing, means no. */
export const agreement = z
  .union([z.string().max(8, "协议确认格式不正确"), z.boolean()], {
    errorMap: () => ({ message: "协议确认格式不正确" }),
  })
  .optional()
  .transform((v) => v === true || v === "1" || v === "true" || v === "on");

export const optionalText = (label: string, max: number) => text(label, max).optional();

export const int = (label: string, min: number, max: number) =>
  z
    .union([z.string().max(12, `${label}必须是整数`), z.number()], {
      errorMap: (_issue, ctx) => ({ message: ctx.data === undefined ? `请填写${label}` : `${label}必须是整数` }),
    })
    .transform((v, ctx) => {
      const n = typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v);
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label}必须是整数` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label}必须在${min}到${max}之间` });
        return z.NEVER;
      }
      return n;
    });

export const page = int("页码", 1, 100_000).optional().default("1");
export const pageSize = (max: number, fallback: number) => int("每页条数", 1, max).optional().default(String(fallback));
export const id = (label: string) => int(label, 1, Number.MAX_SAFE_INTEGER);
export const readStatus = int("状态", -1, 1).optional().default("-1");
/** A coupon's state: 0 usable (the default), 1 used, 2 expired. */
export const couponStatus = int("状态", 0, 2).optional().default("0");

/** The session token in the body (spec §7). Its checks happen in the session lookup. */
export const session = z.string({ invalid_type_error: "登录已失效，请重新登录" }).max(256).optional();

export const eventChannel = z
  .string({ invalid_type_error: "来源渠道格式不正确" })
  .max(16, "来源渠道过长")
  .optional()
  .transform((v) => (v === "sy" ? "sy" : "dl"));

export const bdVid = z
  .string({ invalid_type_error: "bd_vid格式不正确" })
  .max(128, "bd_vid过长")
  .regex(/^[A-Za-z0-9_.-]*$/, "bd_vid格式不正确")
  .optional();

/** A referral first-touch id (issue 39 §2); anything malformed counts as none, never as a refusal. */
export const referralTouch = z
  .string({ invalid_type_error: "推广标识格式不正确" })
  .max(64, "推广标识过长")
  .optional()
  .transform((v) => (v && /^[a-f0-9]{32}$/.test(v) ? v : undefined));

/** An optional "1"/"0" switch. */
export const flag = (label: string) =>
  z
    .enum(["0", "1"], { errorMap: () => ({ message: `${label}只能是0或1` }) })
    .optional()
    .transform((v) => v === "1");

/**
 * A list of ids: a JSON array (of numbers or digit strings), a repeated form field, or one value with commas
 * ("3,4"); empty when absent. At most `max` ids.
 */
export const ids = (label: string, max: number) =>
  z
    .union([z.array(z.union([z.number(), z.string().max(20)])).max(max * 2), z.string().max(max * 21), z.number()], {
      errorMap: () => ({ message: `${label}格式不正确` }),
    })
    .optional()
    .transform((v, ctx) => {
      const raw = v === undefined ? [] : Array.isArray(v) ? v : typeof v === "number" ? [v] : v.split(",");
      const list = raw.map((x) => (typeof x === "number" ? x : x.trim())).filter((x) => x !== "");
      const numbers = list.map((x) => (typeof x === "number" ? x : /^[1-9]\d{0,15}$/.test(x) ? Number(x) : NaN));
      if (numbers.some((n) => !Number.isSafeInteger(n) || n <= 0) || numbers.length > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label}格式不正确` });
        return z.NEVER;
      }
      return numbers;
    });
