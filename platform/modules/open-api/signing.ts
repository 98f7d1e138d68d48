import { createHash, createHmac } from "node:crypto";

/**
 * How an open API request is signed (issue 38 §4, decision 110), the way Aliyun and Tencent Cloud sign: the string
 * to sign is six lines joined by "\n":
 *
 *   METHOD            upper case: GET, POST
 *   PATH              the path as sent, without the query: /api/open/v1/instance/get_instance_list
 *   SORTED_QUERY      the query's names and values percent-encoded (RFC 3986, UTF-8), the pairs sorted by encoded name, then
 *                     encoded value (byte order), written "k=v" and joined by "&"; empty without a query
 *   TIMESTAMP         unix seconds, as in X-Timestamp
 *   NONCE             as in X-Nonce
 *   BODY_SHA256       hex SHA-256 of the body's bytes (of "" without a body)
 *
 * and X-Signature is hex(HMAC-SHA256(secret, string to sign)).
 */
export const SIGNATURE_HEADERS = {
  keyId: "x-key-id",
  timestamp: "x-timestamp",
  nonce: "x-nonce",
  signature: "x-signature",
} as const;

/** RFC 3986 percent-encoding (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query's pairs encoded, sorted by name, then value, and joined: "a=1&b=x%20y". */
export function sortedQuery(search: string): string {
  const pairs = [...new URLSearchParams(search)].map(([k, v]) => [rfc3986(k), rfc3986(v)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join("&");
}

export interface SignedParts {
  method: string;
  path: string;
  /** The query string, with or without its "?". */
  query: string;
  timestamp: string;
  nonce: string;
  body: Uint8Array | string;
}

export function stringToSign(parts: SignedParts): string {
  return [
    parts.method.toUpperCase(),
    parts.path,
    sortedQuery(parts.query.replace(/^\?/, "")),
    parts.timestamp,
    parts.nonce,
    createHash("sha256").update(parts.body).digest("hex"),
  ].join("\n");
}

/** hex(HMAC-SHA256(secret, string to sign)). */
export function signRequest(secret: string, parts: SignedParts): string {
  return createHmac("sha256", secret).update(stringToSign(parts)).digest("hex");
}
