/**
 * A local stand-in for the Aliyun APIs real-name verification calls (decision 098), on 127.0.0.1: OCR API
 * 2021-07-07 (RecognizeIdcard, RecognizeBusinessLicense) and Cloudauth 2019-03-07 (InitFaceVerify,
 * DescribeFaceVerify, BankMetaVerify). Each request's ACS3-HMAC-SHA256 signature is recomputed from what arrived with
 * the secret the fake holds (./aliyun-acs3.ts), its date and nonce checked, then its fields as Aliyun documents them:
 * https://help.aliyun.com/zh/ocr/developer-reference/api-ocr-api-2021-07-07-recognizeidcard
 * https://help.aliyun.com/zh/id-verification/financial-grade-id-verification/initfaceverify
 * https://help.aliyun.com/zh/id-verification/financial-grade-id-verification/describefaceverify-1
 * https://help.aliyun.com/zh/id-verification/information-verification/bankmetaverify
 *
 * The answers are the test's: an image (by its bytes) reads as the Data the test registered, a face session passes
 * or fails when the test says, a bank card matches the elements the test registered. `failNext` makes the next
 * call of an action answer an error reply (an HTTP error with a Code, or HTTP 200 with a Cloudauth Code).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalQuery, checkFreshness, checkSignature, headerValue, sha256Hex } from "./aliyun-acs3";

const VERSIONS: Record<string, string> = {
  RecognizeIdcard: "2021-07-07",
  RecognizeBusinessLicense: "2021-07-07",
  InitFaceVerify: "2019-03-07",
  DescribeFaceVerify: "2019-03-07",
  BankMetaVerify: "2019-03-07",
};

export interface FakeIdentityRequest {
  action: string;
  accepted: boolean;
  refusal?: string;
  /** The query parameters and form fields it carried (the image is not kept). */
  params: Record<string, string>;
  /** The request as it arrived: request line, headers and, for a form body, the body. */
  raw: string;
  /** Its path and query, headers and form body, to send it again. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeErrorReply {
  /** The HTTP status: 4xx/5xx for an OpenAPI error, 200 for a Cloudauth reply with its own Code. */
  status: number;
  code: string;
  message: string;
}

export interface FakeAliyunIdentity {
  url: string;
  requests: FakeIdentityRequest[];
  /** The OCR Data (as an object; sent as JSON text) an image with these bytes reads as. */
  setImage(bytes: Uint8Array, data: object): void;
  /** Finishes a face session: Passed T or F with this SubCode. */
  finishFace(certifyId: string, passed: boolean, subCode?: string): void;
  /** The four elements the "bank" knows for a card. */
  setBankCard(card: { name: string; idNumber: string; cardNumber: string; phone: string }): void;
  /** The next call of `action` answers this error. */
  failNext(action: string, reply: FakeErrorReply): void;
  close(): Promise<void>;
}

const SCENE = /^[1-9]\d*$/;

export async function startFakeAliyunIdentity(
  keys: Record<string, string>,
  options: { sceneId: number },
): Promise<FakeAliyunIdentity> {
  const keyMap = new Map(Object.entries(keys));
  const nonces = new Set<string>();
  const requests: FakeIdentityRequest[] = [];
  const images = new Map<string, object>();
  const faces = new Map<string, { passed?: boolean; subCode?: string; certNo: string }>();
  const cards = new Map<string, { name: string; idNumber: string; phone: string }>();
  const failures = new Map<string, FakeErrorReply>();

  const send = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    res.writeHead(status, { "content-type": "application/json;charset=utf-8" });
    res.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }));
  };

  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      const rawQuery = q === -1 ? "" : url.slice(q + 1);
      const action = headerValue(req, "x-acs-action") ?? "";
      const type = headerValue(req, "content-type") ?? "";
      const params: Record<string, string> = Object.fromEntries(canonicalQuery(rawQuery).params);
      if (type.startsWith("application/x-www-form-urlencoded"))
        for (const [name, value] of new URLSearchParams(body.toString("utf8"))) params[name] = value;
      const raw = `${req.method} ${url}\n${Object.entries(req.headers)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(
          "\n",
        )}\n\n${type.startsWith("application/octet-stream") ? `<${body.length} bytes>` : body.toString("utf8")}`;
      const headers = Object.fromEntries(
        Object.keys(req.headers).map((name) => [name, headerValue(req, name) ?? ""] as const),
      );
      const form = type.startsWith("application/x-www-form-urlencoded") ? body.toString("utf8") : "";
      const log = (accepted: boolean, refusal?: string) =>
        requests.push({ action, accepted, refusal, params, raw, url, headers, body: form });
      const refuse = (status: number, code: string, message: string) => {
        log(false, code);
        send(res, status, { Code: code, Message: message });
      };

      if (req.method !== "POST" || url.slice(0, q === -1 ? undefined : q) !== "/")
        return refuse(404, "InvalidAction.NotFound", "Specified api is not found.");
      const signatureProblem = checkSignature(req, body, rawQuery, keyMap);
      if (signatureProblem) return refuse(400, signatureProblem, "Specified signature does not match our calculation.");
      const staleness = checkFreshness(req, nonces);
      if (staleness) return refuse(400, staleness, "Specified time stamp or nonce is not valid.");
      if (!VERSIONS[action] || headerValue(req, "x-acs-version") !== VERSIONS[action])
        return refuse(400, "InvalidVersion", "Specified parameter Version is not valid.");
      const failure = failures.get(action);
      if (failure) {
        failures.delete(action);
        log(false, failure.code);
        return send(res, failure.status, { Code: failure.code, Message: failure.message });
      }

      if (action === "RecognizeIdcard" || action === "RecognizeBusinessLicense") {
        if (!type.startsWith("application/octet-stream") || body.length === 0)
          return refuse(400, "noImageContent", "The image is empty.");
        const data = images.get(sha256Hex(body));
        if (!data) return refuse(400, "unmatchedImageType", "图片类型不匹配");
        log(true);
        return send(res, 200, { Data: JSON.stringify(data) });
      }
      if (action === "InitFaceVerify") {
        const required = [
          "SceneId",
          "OuterOrderNo",
          "ProductCode",
          "Model",
          "CertType",
          "CertName",
          "CertNo",
          "MetaInfo",
        ];
        if (required.some((name) => !params[name])) return refuse(200, "400", "参数不能为空");
        if (
          params.SceneId !== String(options.sceneId) ||
          !SCENE.test(params.SceneId) ||
          params.ProductCode !== "ID_PRO" ||
          params.CertType !== "IDENTITY_CARD" ||
          !/^[0-9a-zA-Z]{1,32}$/.test(params.OuterOrderNo!)
        )
          return refuse(200, "401", "参数非法");
        try {
          JSON.parse(params.MetaInfo!);
        } catch {
          return refuse(200, "401", "参数非法");
        }
        const certifyId = randomBytes(16).toString("hex");
        faces.set(certifyId, { certNo: params.CertNo! });
        log(true);
        return send(res, 200, {
          Code: "200",
          Message: "success",
          ResultObject: { CertifyId: certifyId, CertifyUrl: `https://m.alicdn.example/certify?certifyId=${certifyId}` },
        });
      }
      if (action === "DescribeFaceVerify") {
        if (params.SceneId !== String(options.sceneId)) return refuse(200, "401", "参数非法");
        const face = faces.get(params.CertifyId ?? "");
        if (!face) return refuse(200, "406", "无效的CertifyId");
        log(true);
        if (face.passed === undefined) return send(res, 200, { Code: "424", Message: "身份认证记录不存在" });
        return send(res, 200, {
          Code: "200",
          Message: "success",
          ResultObject: { Passed: face.passed ? "T" : "F", SubCode: face.subCode ?? (face.passed ? "200" : "204") },
        });
      }
      // BankMetaVerify
      if (
        params.ParamType !== "normal" ||
        params.ProductType !== "BANK_CARD_4_META" ||
        params.VerifyMode !== "VERIFY_BANK_CARD" ||
        !params.BankCard ||
        !params.UserName ||
        !params.IdentifyNum ||
        !params.Mobile
      )
        return refuse(200, "401", "参数非法");
      const card = cards.get(params.BankCard);
      log(true);
      const bizCode = !card
        ? "3"
        : card.name === params.UserName && card.idNumber === params.IdentifyNum && card.phone === params.Mobile
          ? "1"
          : "2";
      return send(res, 200, {
        Code: "200",
        Message: "success",
        ResultObject: { BizCode: bizCode, SubCode: bizCode === "1" ? "101" : bizCode === "2" ? "201" : "301" },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    setImage: (bytes, data) => images.set(sha256Hex(Buffer.from(bytes)), data),
    finishFace: (certifyId, passed, subCode) => {
      const face = faces.get(certifyId);
      if (!face) throw new Error(`no face session ${certifyId}`);
      faces.set(certifyId, { ...face, passed, subCode });
    },
    setBankCard: ({ cardNumber, ...holder }) => cards.set(cardNumber, holder),
    failNext: (action, reply) => failures.set(action, reply),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
