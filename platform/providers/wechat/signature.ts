import { createHash, timingSafeEqual } from "node:crypto";
import type { WechatEventSignature } from "./types";

/** WeChat's push signature: sha1 of token, timestamp and nonce sorted and joined (the official-account guide). */
export function wechatEventSignature(token: string, timestamp: string, nonce: string): string {
  return createHash("sha1").update([token, timestamp, nonce].sort().join("")).digest("hex");
}

/** Compares in constant time; a missing or malformed part is false. */
export function isWechatEventSignatureValid(token: string, query: WechatEventSignature): boolean {
  if (!/^[0-9a-f]{40}$/.test(query.signature) || !query.timestamp || !query.nonce) return false;
  const expected = Buffer.from(wechatEventSignature(token, query.timestamp, query.nonce), "hex");
  return timingSafeEqual(expected, Buffer.from(query.signature, "hex"));
}
