/**
 * Aliyun's V3 request signature, ACS3-HMAC-SHA256, checked as a server does, for the local fakes of Aliyun APIs
 * (fake-aliyun-sms.ts, fake-aliyun-identity.ts): "V3版本请求体&签名机制",
 * https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature
 *
 *   CanonicalRequest = HTTPRequestMethod \n CanonicalURI \n CanonicalQueryString \n
 *                      CanonicalHeaders \n SignedHeaders \n HashedRequestPayload
 *   StringToSign     = "ACS3-HMAC-SHA256" \n hex(SHA256(CanonicalRequest))
 *   Signature        = hex(HMAC-SHA256(AccessKeySecret, StringToSign))
 *   Authorization    = ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<…>,Signature=<…>
 *
 * with the query parameters sorted by name and both name and value percent-encoded per RFC 3986 (UTF-8; space as
 * %20), the signed headers lower-cased and sorted (host, every x-acs-* header, content-type when sent). The check
 * recomputes the signature from the request received, with the secret held for the key id, never from anything
 * the client computed; it also refuses a stale x-acs-date and a reused x-acs-signature-nonce.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
export const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

export function canonicalQuery(rawQuery: string): { canonical: string; params: Map<string, string> } {
  const pairs = rawQuery
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf("=");
      const name = decodeURIComponent(eq === -1 ? part : part.slice(0, eq));
      const value = eq === -1 ? "" : decodeURIComponent(part.slice(eq + 1));
      return [name, value] as const;
    });
  const params = new Map(pairs);
  const canonical = pairs
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return { canonical, params };
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** Checks the request's signature as the V3 document says; returns why it fails, or null. */
export function checkSignature(
  req: IncomingMessage,
  body: Buffer,
  rawQuery: string,
  keys: ReadonlyMap<string, string>,
): string | null {
  const auth = headerValue(req, "authorization") ?? "";
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return "IncompleteSignature";
  const [, keyId, signedHeaderList, signature] = match;
  const secret = keys.get(keyId!);
  if (!secret) return "InvalidAccessKeyId.NotFound";
  const signedHeaders = signedHeaderList!.split(";");
  const mustSign = Object.keys(req.headers).filter(
    (h) => h === "host" || h.startsWith("x-acs-") || h === "content-type",
  );
  if (mustSign.some((h) => !signedHeaders.includes(h))) return "IncompleteSignature";
  if ([...signedHeaders].sort().join(";") !== signedHeaderList) return "IncompleteSignature";
  if (headerValue(req, "x-acs-content-sha256") !== sha256Hex(body)) return "InvalidPayload.HashMismatch";
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${(headerValue(req, h) ?? "").trim()}\n`).join("");
  const canonicalRequest = [
    req.method,
    "/",
    canonicalQuery(rawQuery).canonical,
    canonicalHeaders,
    signedHeaderList,
    sha256Hex(body),
  ].join("\n");
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
  const expected = createHmac("sha256", secret).update(stringToSign).digest();
  const given = Buffer.from(signature!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : "SignatureDoesNotMatch";
}

/** The request's x-acs-date is within 15 minutes of now and its nonce is new (then remembered); else why not. */
export function checkFreshness(req: IncomingMessage, nonces: Set<string>): string | null {
  const date = headerValue(req, "x-acs-date") ?? "";
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) || Math.abs(Date.parse(date) - Date.now()) > 15 * 60_000)
    return "InvalidTimeStamp.Expired";
  const nonce = headerValue(req, "x-acs-signature-nonce") ?? "";
  if (!nonce || nonces.has(nonce)) return "SignatureNonceUsed";
  nonces.add(nonce);
  return null;
}
