/**
 * Field rules as zod schemas, with the Chinese messages the pages show beside
 * each field (spec §5). One copy for both tiers: platform/http validates the
 * wire with them and the pages validate their forms with them. Every string has
 * a length bound, so an oversized value is refused field by field.
 */
import { z } from "zod";
import { AMOUNT_INVALID, MAX_TOP_UP_FEN, TOP_UP_TOO_LARGE, isAmountText, parseYuanToFen } from "./money";
import { CODE_PATTERN, EMAIL_PATTERN, isStrongPassword, isValidCreditCode, PHONE_PATTERN } from "./validation";

/**
 * Control characters (C0, DEL, C1) and lone surrogates. A single-line field
 * refuses them all; a multi-line text (a markdown body) keeps tab, CR and LF.
 * Refused, never stripped: PostgreSQL cannot store a NUL, and what the user
 * typed is not what we would store.
 */
export const SINGLE_LINE_SAFE = /^[^\p{Cc}\p{Cs}]*$/u;
export const MULTI_LINE_SAFE = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u;
export const ILLEGAL_CHARACTERS = "包含非法字符";

/** Any single-line text up to `max` characters (not trimmed), without control characters. */
export const text = (label: string, max: number) =>
  z
    .string({ required_error: `请填写${label}`, invalid_type_error: `${label}格式不正确` })
    .max(max, `${label}过长`)
    .regex(SINGLE_LINE_SAFE, `${label}${ILLEGAL_CHARACTERS}`);

/** Multi-line text up to `max` characters (a markdown body): tab, CR and LF allowed, other control characters not. */
export const multilineText = (label: string, max: number) =>
  z
    .string({ required_error: `请填写${label}`, invalid_type_error: `${label}格式不正确` })
    .max(max, `${label}过长`)
    .regex(MULTI_LINE_SAFE, `${label}${ILLEGAL_CHARACTERS}`);

/** Text that must not be blank once trimmed. */
export const requiredText = (label: string, max: number) => text(label, max).trim().min(1, `请填写${label}`);

export const phone = (label = "手机号") => requiredText(label, 32).regex(PHONE_PATTERN, "请输入正确的11位手机号");

export const smsCode = requiredText("验证码", 16).regex(CODE_PATTERN, "验证码为6位数字");

/** A password as typed at login: never trimmed, only bounded. */
export const password = z
  .string({ required_error: "请填写密码", invalid_type_error: "密码格式不正确" })
  .min(1, "请填写密码")
  .max(128, "密码过长")
  .regex(SINGLE_LINE_SAFE, `密码${ILLEGAL_CHARACTERS}`);

/** A password being chosen: 8-32 characters with letters and digits. */
export const newPassword = password.refine(isStrongPassword, "密码需为8-32位，且同时包含字母和数字");

export const email = requiredText("邮箱", 254).regex(EMAIL_PATTERN, "邮箱格式不正确");

export const companyName = requiredText("企业名称", 60).refine((v) => v.length >= 2, "请输入2-60个字的企业名称");

export const creditCode = requiredText("统一社会信用代码", 18).refine(isValidCreditCode, "统一社会信用代码不正确");

export const contactName = requiredText("联系人姓名", 20).refine((v) => v.length >= 2, "请输入2-20个字的联系人姓名");

/** A checkbox that must be ticked (it posts "1"). */
export const ticked = (message: string) => z.literal("1", { errorMap: () => ({ message }) });

/**
 * An amount in yuan as typed (digits, optional thousands groups, up to 2
 * decimals), read as integer fen and at most `maxFen`: a badly written amount
 * answers 输入金额不合法, a well written one above the limit `tooLarge`.
 */
export function amountUpTo(maxFen: number, tooLarge: string) {
  return z
    .string({ required_error: "请输入金额", invalid_type_error: AMOUNT_INVALID })
    .max(80, AMOUNT_INVALID)
    .regex(SINGLE_LINE_SAFE, AMOUNT_INVALID)
    .transform((value, ctx) => {
      if (!isAmountText(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMOUNT_INVALID });
        return z.NEVER;
      }
      const fen = parseYuanToFen(value);
      if (fen === null || fen > maxFen) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: tooLarge });
        return z.NEVER;
      }
      return fen;
    });
}

/** Any amount a safe integer of fen holds. */
export const amountFen = amountUpTo(Number.MAX_SAFE_INTEGER, "金额过大");

/** A top-up amount: at most the single top-up maximum. */
export const topUpAmountFen = amountUpTo(MAX_TOP_UP_FEN, TOP_UP_TOO_LARGE);
