/**
 * Money is integer fen inside the platform. Yuan with two decimals only at the
 * wire and on the screen; every conversion lives here.
 */

/** 1234 → "12.34", -5 → "-0.05". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an integer amount of fen: ${fen}`);
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, "0");
  return `${sign}${yuan}.${cents}`;
}

/** "12.34" → 12.34 as a number of yuan, for the wire's numeric fields. */
export function fenToYuanNumber(fen: number): number {
  return Number(fenToYuan(fen));
}

/** 1234567 → "12,345.67" for display. */
export function formatYuan(fen: number): string {
  const [whole, cents] = fenToYuan(fen).split(".");
  const negative = whole.startsWith("-");
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}.${cents}`;
}

/**
 * The one way money is written on the screen: 1234567 → "¥12,345.67",
 * -5 → "-¥0.05". The same text as `Intl.NumberFormat('zh-CN', { style:
 * 'currency', currency: 'CNY' })` (money.test.ts checks it), by integer
 * arithmetic: exact for every safe amount of fen, and no formatter per call.
 */
export function formatMoney(fen: number): string {
  const text = formatYuan(fen);
  return text.startsWith("-") ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** A yuan amount from the wire ("3610", "-12.5", 6300) written by `formatMoney`. */
export function formatWireMoney(yuan: string | number): string {
  return formatMoney(yuanToFen(typeof yuan === "number" ? yuan.toFixed(2) : yuan));
}

/** Spec §5: digits (up to 50) with optional thousands groups and up to 2 decimals. */
const AMOUNT = /^(?:\d{1,50}|\d{1,3}(?:,\d{3}){1,16})(?:\.\d{1,2})?$/;

export const AMOUNT_INVALID = "输入金额不合法";

/** The most one top-up may be (spec §5 leaves it open): ¥1,000,000.00. */
export const MAX_TOP_UP_FEN = 1_000_000_00;

/** Why a well-formed but too large top-up is refused, on the page and in the API reason. */
export const TOP_UP_TOO_LARGE = `单次充值金额不能超过 ${formatMoney(MAX_TOP_UP_FEN)}`;

/**
 * Whether `text` is written as an amount (spec §5), whatever its size: a
 * 50-digit amount is well formed, and too large is a different answer.
 */
export function isAmountText(text: string): boolean {
  return AMOUNT.test(text.trim());
}

/**
 * Parses a yuan amount typed by a person into fen. Returns null when the text
 * is not a valid amount or is too large to be a safe integer of fen.
 */
export function parseYuanToFen(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const [whole, decimals = ""] = trimmed.replace(/,/g, "").split(".");
  const fen = BigInt(whole) * 100n + BigInt(decimals.padEnd(2, "0"));
  if (fen > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(fen);
}

/** A signed yuan string from the wire ("-12.34", "0.00") → fen; throws on anything else. */
export function yuanToFen(yuan: string): number {
  const match = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) throw new RangeError(`not a yuan amount: ${yuan}`);
  const fen = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -fen : fen;
}
