import { randomInt } from "node:crypto";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A new order number: the creation time in China (yyyyMMddHHmmss) and ten
 * random digits, 24 characters that every provider accepts (WeChat: 6–32 of
 * [A-Za-z0-9_-|*]; Alipay: up to 64). Unique by its random part; the unique
 * index refuses the unlikely repeat.
 */
export function newOutTradeNo(now: Date): string {
  const china = new Date(now.getTime() + 8 * 3600_000);
  const stamp =
    `${china.getUTCFullYear()}${pad(china.getUTCMonth() + 1)}${pad(china.getUTCDate())}` +
    `${pad(china.getUTCHours())}${pad(china.getUTCMinutes())}${pad(china.getUTCSeconds())}`;
  const random = `${pad(randomInt(0, 100_000), 5)}${pad(randomInt(0, 100_000), 5)}`;
  return `${stamp}${random}`;
}

/** What a well-formed order number looks like; anything else is not found without a query. */
export const OUT_TRADE_NO_PATTERN = /^\d{24}$/;
