/**
 * A local stand-in for Aliyun SMS (dysmsapi.aliyuncs.com) on 127.0.0.1 that
 * checks each request as Aliyun documents it, then answers as Aliyun does.
 *
 * The signature is Aliyun's V3 scheme, ACS3-HMAC-SHA256, which
 * @alicloud/dysmsapi20170525 4.x signs with through @alicloud/openapi-core
 * (its `doRequest`, used unless a client asks for signatureAlgorithm "v2"):
 * "V3版本请求体&签名机制",
 * https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature
 *
 *   CanonicalRequest = HTTPRequestMethod \n CanonicalURI \n CanonicalQueryString \n
 *                      CanonicalHeaders \n SignedHeaders \n HashedRequestPayload
 *   StringToSign     = "ACS3-HMAC-SHA256" \n hex(SHA256(CanonicalRequest))
 *   Signature        = hex(HMAC-SHA256(AccessKeySecret, StringToSign))
 *   Authorization    = ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<…>,Signature=<…>
 *
 * with the query parameters sorted by name and both name and value
 * percent-encoded per RFC 3986 (UTF-8; space as %20), the signed headers
 * lower-cased and sorted (host, every x-acs-* header, content-type when sent),
 * and the action and version in the x-acs-action and x-acs-version headers.
 * SendSms's own parameters (PhoneNumbers, SignName, TemplateCode,
 * TemplateParam) are those of https://help.aliyun.com/zh/sms/developer-reference/api-dysmsapi-2017-05-25-sendsms
 *
 * The fake recomputes the signature from the request it received, with the
 * secret it holds for the key id, never from anything the client computed.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSmsRequest {
  /** Whether the fake accepted the request (signature and fields). */
  accepted: boolean;
  /** Why it refused, when it did. */
  refusal?: string;
  phone?: string;
  signName?: string;
  templateCode?: string;
  /** The verification code taken from TemplateParam (a code's template has this one variable). */
  code?: string;
  /** Every variable of TemplateParam (a notice's template has its own). */
  variables?: Record<string, string>;
  /** The request as it arrived on the wire: request line, headers and body. */
  raw: string;
  /** Its path and query, and its headers, to replay it. */
  url: string;
  headers: Record<string, string>;
}

export interface FakeAliyunSms {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  requests: FakeSmsRequest[];
  /** Phones for which the gateway answers HTTP 200 with a Code other than "OK". */
  refusePhone(phone: string, code: string, message: string): void;
  close(): Promise<void>;
}

const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

function canonicalQuery(rawQuery: string): { canonical: string; params: Map<string, string> } {
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

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** Checks the request's signature as the V3 document says; returns why it fails, or null. */
function checkSignature(
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

/** Starts the fake with the given key pairs (key id → secret), on a free port unless one is given. */
export async function startFakeAliyunSms(keys: Record<string, string>, port = 0): Promise<FakeAliyunSms> {
  const keyMap = new Map(Object.entries(keys));
  const requests: FakeSmsRequest[] = [];
  const refusals = new Map<string, { code: string; message: string }>();
  const nonces = new Set<string>();

  const reply = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    res.writeHead(status, { "content-type": "application/json;charset=utf-8" });
    res.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      const rawQuery = q === -1 ? "" : url.slice(q + 1);
      const raw = `${req.method} ${url}\n${Object.entries(req.headers)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join("\n")}\n\n${body.toString("utf8")}`;
      const headers = Object.fromEntries(
        Object.keys(req.headers).map((name) => [name, headerValue(req, name) ?? ""] as const),
      );
      const refuse = (status: number, code: string, message: string) => {
        requests.push({ accepted: false, refusal: code, raw, url, headers });
        reply(res, status, { Code: code, Message: message, HostId: "dysmsapi.aliyuncs.com" });
      };

      if (req.method !== "POST" || url.slice(0, q === -1 ? undefined : q) !== "/")
        return refuse(404, "InvalidAction.NotFound", "Specified api is not found.");
      const signatureProblem = checkSignature(req, body, rawQuery, keyMap);
      if (signatureProblem) return refuse(400, signatureProblem, "Specified signature does not match our calculation.");
      const date = headerValue(req, "x-acs-date") ?? "";
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) || Math.abs(Date.parse(date) - Date.now()) > 15 * 60_000)
        return refuse(400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.");
      const nonce = headerValue(req, "x-acs-signature-nonce") ?? "";
      if (!nonce || nonces.has(nonce))
        return refuse(400, "SignatureNonceUsed", "Specified signature nonce was used already.");
      nonces.add(nonce);
      if (headerValue(req, "x-acs-action") !== "SendSms" || headerValue(req, "x-acs-version") !== "2017-05-25")
        return refuse(400, "InvalidVersion", "Specified parameter Version is not valid.");

      const { params } = canonicalQuery(rawQuery);
      const phone = params.get("PhoneNumbers") ?? "";
      const signName = params.get("SignName") ?? "";
      const templateCode = params.get("TemplateCode") ?? "";
      // A code's template has the one variable `code`; a notice's its own variables, every one a string.
      let variables: Record<string, string> | undefined;
      try {
        const templateParam: unknown = JSON.parse(params.get("TemplateParam") ?? "");
        const entries = templateParam && typeof templateParam === "object" ? Object.entries(templateParam) : [];
        if (entries.length > 0 && entries.every(([, v]) => typeof v === "string"))
          variables = Object.fromEntries(entries) as Record<string, string>;
      } catch {
        variables = undefined;
      }
      const code = variables && Object.keys(variables).length === 1 ? variables.code : undefined;
      if (!/^1\d{10}$/.test(phone)) return refuse(200, "isv.MOBILE_NUMBER_ILLEGAL", "非法手机号");
      if (!signName) return refuse(200, "isv.SMS_SIGNATURE_ILLEGAL", "该账号下找不到对应签名");
      if (!/^SMS_\d+$/.test(templateCode)) return refuse(200, "isv.SMS_TEMPLATE_ILLEGAL", "该账号下找不到对应模板");
      if (!variables) return refuse(200, "isv.TEMPLATE_PARAMS_ILLEGAL", "模板变量里包含非法关键字");
      const refusal = refusals.get(phone);
      if (refusal) {
        requests.push({
          accepted: false,
          refusal: refusal.code,
          phone,
          signName,
          templateCode,
          code,
          variables,
          raw,
          url,
          headers,
        });
        return reply(res, 200, { Code: refusal.code, Message: refusal.message });
      }
      requests.push({ accepted: true, phone, signName, templateCode, code, variables, raw, url, headers });
      reply(res, 200, { Code: "OK", Message: "OK", BizId: `${Date.now()}^0` });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    refusePhone: (phone, code, message) => refusals.set(phone, { code, message }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
