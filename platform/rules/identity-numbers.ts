/**
 * The check digits of the numbers identity verification reads (issue 37 §4):
 * the resident ID number (GB 11643-1999), the unified social credit code of a
 * company (GB 32100-2015) and a bank card number (the Luhn check). Pure: the
 * forms, the platform's checks and the sandbox providers all use them, so a
 * number refused on the page is refused by the call, and the other way round.
 * Every refusal is a Chinese sentence for the field.
 */

export type NumberCheck<T = object> = ({ ok: true } & T) | { ok: false; reason: string };

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = "10X98765432";
/** The first two digits: the provinces, autonomous regions and municipalities (GB/T 2260), Taiwan, Hong Kong, Macao. */
const ID_PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 83,
]);

/** An 18-character resident ID number, with a lower-case x read as X; surrounding spaces dropped. */
export const normalizeIdNumber = (raw: string): string => raw.trim().toUpperCase();

/** The check character (the 18th) of the first 17 digits. */
export function idCheckChar(first17: string): string {
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * ID_WEIGHTS[i]!, 0);
  return ID_CHECK_CHARS[sum % 11]!;
}

/**
 * A resident ID number (GB 11643-1999): 17 digits and a check character, a
 * known province, a real birth date not after `today` and not before 1900.
 * Answers the birth date (YYYY-MM-DD) and the sex (the 17th digit: odd male).
 */
export function checkIdNumber(
  raw: string,
  today: Date,
): NumberCheck<{ idNumber: string; birthDate: string; sex: "male" | "female" }> {
  const id = normalizeIdNumber(raw);
  if (!/^\d{17}[\dX]$/.test(id)) return { ok: false, reason: "身份证号应为18位，最后一位可以是X" };
  if (!ID_PROVINCES.has(Number(id.slice(0, 2)))) return { ok: false, reason: "身份证号的地区码不正确" };
  const [year, month, day] = [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))];
  const birth = new Date(Date.UTC(year, month - 1, day));
  const real = birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  if (!real || year < 1900 || birth.getTime() > today.getTime())
    return { ok: false, reason: "身份证号中的出生日期不正确" };
  if (idCheckChar(id.slice(0, 17)) !== id[17]) return { ok: false, reason: "身份证号校验位不正确，请核对" };
  return {
    ok: true,
    idNumber: id,
    birthDate: id.slice(6, 10) + "-" + id.slice(10, 12) + "-" + id.slice(12, 14),
    sex: Number(id[16]) % 2 === 1 ? "male" : "female",
  };
}

/** The 31 characters of a unified social credit code, in value order (no I, O, S, V, Z). */
const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character (the 18th) of a credit code's first 17 characters. */
export function creditCodeCheckChar(first17: string): string {
  const sum = [...first17].reduce((acc, c, i) => acc + CREDIT_CHARS.indexOf(c) * CREDIT_WEIGHTS[i]!, 0);
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}

/**
 * A unified social credit code (GB 32100-2015): 18 characters of
 * CREDIT_CHARS, a registering authority code (1–9, A–G, Y) first, six digits
 * of region from the third, and the check character last.
 */
export function checkCreditCode(raw: string): NumberCheck<{ creditCode: string }> {
  const code = raw.trim().toUpperCase();
  if (code.length !== 18 || [...code].some((c) => !CREDIT_CHARS.includes(c)))
    return { ok: false, reason: "统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）" };
  if (!/^[1-9A-GY]/.test(code) || !/^\d{6}$/.test(code.slice(2, 8)))
    return { ok: false, reason: "统一社会信用代码格式不正确" };
  if (creditCodeCheckChar(code.slice(0, 17)) !== code[17])
    return { ok: false, reason: "统一社会信用代码校验位不正确，请核对" };
  return { ok: true, creditCode: code };
}

/** Whether the digits pass the Luhn check (the last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A bank card number: 16 to 19 digits (spaces allowed between groups) passing the Luhn check. */
export function checkBankCardNumber(raw: string): NumberCheck<{ cardNumber: string }> {
  const digits = raw.replace(/\s+/g, "");
  if (!/^\d{16,19}$/.test(digits)) return { ok: false, reason: "银行卡号应为16到19位数字" };
  if (!luhnValid(digits)) return { ok: false, reason: "银行卡号校验不通过，请核对" };
  return { ok: true, cardNumber: digits };
}

/** How pages show an ID number: its first and last characters, the rest starred (3***************4). */
export const maskIdNumber = (id: string): string =>
  id.length <= 2 ? "*".repeat(id.length) : `${id[0]}${"*".repeat(id.length - 2)}${id[id.length - 1]}`;

/** How pages show a bank card number: its last four digits (****1234). */
export const maskCardNumber = (card: string): string => `****${card.slice(-4)}`;
