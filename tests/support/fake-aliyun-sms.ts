/**
 * A local stand-in for Aliyun SMS (dysmsapi.aliyuncs.com) on 127.0.0.1 that
 * checks each request as Aliyun documents it, then answers as Aliyun does.
 *
 * The signature is Aliyun's V3 scheme, ACS3-HMAC-SHA256, which
 * @alicloud/dysmsapi20170525 4.x signs with through @alicloud/openapi-core
 * (its `doRequest`, used unless a client asks for signatureAlgorithm "v2"):
 * checked by ./aliyun-acs3.ts as Aliyun documents it, with the action and
 * version in the x-acs-action and x-acs-version headers.
 * SendSms's own parameters (PhoneNumbers, SignName, TemplateCode,
 * TemplateParam) are those of https://help.aliyun.com/zh/sms/developer-reference/api-dysmsapi-2017-05-25-sendsms
 */
import { randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalQuery, checkFreshness, checkSignature, headerValue } from "./aliyun-acs3";

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
      const staleness = checkFreshness(req, nonces);
      if (staleness === "InvalidTimeStamp.Expired")
        return refuse(400, staleness, "Specified time stamp or date value is expired.");
      if (staleness) return refuse(400, staleness, "Specified signature nonce was used already.");
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
