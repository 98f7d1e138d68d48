/** Input rules shared by the platform and the pages (messages in Chinese, spec §5). */

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const CODE_PATTERN = /^\d{6}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24}$/;

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 32 &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    !/\s/.test(password)
  );
}

export const SUB_ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5-]{2,32}$/;

const USCC_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Unified social credit code (GB 32100-2015): 18 characters with a mod-31 check character. */
export function isValidCreditCode(code: string): boolean {
  const text = code.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(text)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(text[i]) * USCC_WEIGHTS[i];
  const check = (31 - (sum % 31)) % 31;
  return USCC_CHARS[check] === text[17];
}

/** Builds a valid code from 17 characters (used by tests and the demo seed). */
export function withCreditCodeCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]) * USCC_WEIGHTS[i];
  return first17 + USCC_CHARS[(31 - (sum % 31)) % 31];
}
