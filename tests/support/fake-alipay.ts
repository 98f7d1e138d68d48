/**
 * A local stand-in for Alipay's OpenAPI (openapi.alipay.com) on 127.0.0.1, for
 * 当面付 precreate: it checks each request's signature as Alipay documents it
 * for the v3 API, answers signed with "Alipay's" key, and builds the signed
 * asynchronous notifications Alipay would send.
 *
 *  - v3 request signature ("接口加签"), https://opendocs.alipay.com/open-v3/054q58 :
 *    Authorization: ALIPAY-SHA256withRSA app_id=…,nonce=…,timestamp=…,sign=…
 *    sign = base64(SHA256withRSA(app key, `${authString}\n${method}\n${path?query}\n${body}\n`))
 *  - v3 answer signature ("响应验签"), https://opendocs.alipay.com/open-v3/054d0z :
 *    alipay-timestamp, alipay-nonce, alipay-signature over `${timestamp}\n${nonce}\n${body}\n`
 *  - errors: HTTP 4xx with {code, message}, https://opendocs.alipay.com/open-v3/054fcv
 *  - the notify ("异步通知验签"), https://opendocs.alipay.com/open/194/103296 : form-encoded,
 *    RSA2 over the non-empty parameters but sign and sign_type, sorted by name, `k=v` joined by `&`
 *  - precreate / query / close: POST /v3/alipay/trade/precreate, /query, /close
 *
 * The fake recomputes the signature from the request it received, with the
 * app's public key it holds, never from anything the client computed.
 */
import { createSign, createVerify, randomBytes, randomUUID, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestLogger, startFakeProviderServer, type FakeProviderRequest } from "./fake-provider-server";

export interface FakeAlipayOptions {
  appId: string;
  /** The app's public key: requests must be signed with its private key. */
  appPublicKey: KeyObject;
  /** "Alipay's" key: answers and notifications are signed with it. */
  alipayPrivateKey: KeyObject;
  /** The clock of payment and notify times (requests' timestamps are checked against the real time). */
  now?: () => Date;
}

export interface FakeAlipayTrade {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  timeoutExpress: string;
  qrCode: string;
  /** "UNSCANNED": precreated, the payer has not scanned it (Alipay has no trade yet). */
  status: "UNSCANNED" | "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED";
  tradeNo?: string;
  gmtPayment?: string;
}

export type FakeAlipayRequest = FakeProviderRequest;

export interface NotifyOptions {
  signWith?: KeyObject;
  tradeStatus?: string;
  appId?: string;
  /** The body sent says this total_amount (yuan), under the signature of the original. */
  amountAfterSigning?: string;
  tamper?: (body: string) => string;
}

export interface FakeAlipay {
  url: string;
  requests: FakeAlipayRequest[];
  trades: Map<string, FakeAlipayTrade>;
  /** The payer scanned the QR: Alipay now has a trade waiting for payment. */
  scan(outTradeNo: string): FakeAlipayTrade;
  /** The payer paid. */
  pay(outTradeNo: string): FakeAlipayTrade;
  /** The notify Alipay posts for a trade, as it would arrive. */
  notify(outTradeNo: string, options?: NotifyOptions): { body: string; headers: Headers };
  close(): Promise<void>;
}

/** "2026-11-23 22:43:00", Beijing time, as Alipay writes times. */
function beijing(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** The notify's signed content: the non-empty parameters but sign and sign_type, sorted. */
export function alipayNotifyContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== "sign" && name !== "sign_type" && params[name] !== "")
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join("&");
}

export async function startFakeAlipay(options: FakeAlipayOptions): Promise<FakeAlipay> {
  const now = () => options.now?.() ?? new Date();
  const requests: FakeAlipayRequest[] = [];
  const trades = new Map<string, FakeAlipayTrade>();
  let sequence = 0;

  const reply = (res: ServerResponse, status: number, payload: unknown) => {
    const body = JSON.stringify(payload);
    const timestamp = String(now().getTime());
    const nonce = randomUUID();
    const signature = createSign("RSA-SHA256")
      .update(`${timestamp}\n${nonce}\n${body}\n`, "utf8")
      .sign(options.alipayPrivateKey, "base64");
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "alipay-trace-id": randomBytes(12).toString("hex"),
      "alipay-timestamp": timestamp,
      "alipay-nonce": nonce,
      "alipay-signature": signature,
    });
    res.end(body);
  };

  const checkSignature = (req: IncomingMessage, body: string): string | null => {
    const auth = String(req.headers.authorization ?? "");
    const match = /^ALIPAY-SHA256withRSA (.+),sign=([A-Za-z0-9+/=]+)$/.exec(auth);
    if (!match) return "Authorization is not ALIPAY-SHA256withRSA";
    const authString = match[1]!;
    const fields = Object.fromEntries(
      authString.split(",").map((part) => [part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1)]),
    );
    if (fields.app_id !== options.appId) return "app_id is not the app's";
    if (!fields.nonce) return "no nonce";
    const timestamp = Number(fields.timestamp);
    // alipay-sdk signs with the real time (Date.now()), not an injectable clock, so the check uses it too.
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() - timestamp) > 5 * 60_000)
      return "timestamp outside five minutes";
    const content = `${authString}\n${req.method}\n${req.url}\n${body}\n`;
    const valid = createVerify("RSA-SHA256").update(content, "utf8").verify(options.appPublicKey, match[2]!, "base64");
    return valid ? null : "sign does not verify with the app's public key";
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = req.url ?? "/";
    const log = requestLogger(requests, req);
    const problem = checkSignature(req, body);
    if (problem) {
      log(false, problem);
      return reply(res, 401, { code: "invalid-signature", message: "验签出错" });
    }
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      log(false, "body is not JSON");
      return reply(res, 400, { code: "INVALID_PARAMETER", message: "参数有误" });
    }
    const outTradeNo = typeof input.out_trade_no === "string" ? input.out_trade_no : "";
    const trade = trades.get(outTradeNo);
    const notExist = () => reply(res, 400, { code: "ACQ.TRADE_NOT_EXIST", message: "交易不存在" });

    if (req.method === "POST" && url === "/v3/alipay/trade/precreate") {
      if (
        !/^[0-9A-Za-z_]{1,64}$/.test(outTradeNo) ||
        typeof input.total_amount !== "string" ||
        !/^\d{1,9}\.\d{2}$/.test(input.total_amount) ||
        Number(input.total_amount) < 0.01 ||
        typeof input.subject !== "string" ||
        !input.subject ||
        typeof input.notify_url !== "string" ||
        typeof input.timeout_express !== "string" ||
        !/^\d+m$/.test(input.timeout_express)
      ) {
        log(false, "INVALID_PARAMETER");
        return reply(res, 400, { code: "INVALID_PARAMETER", message: "参数有误" });
      }
      if (trade && trade.totalAmount !== input.total_amount) {
        log(false, "ACQ.CONTEXT_INCONSISTENT");
        return reply(res, 400, { code: "ACQ.CONTEXT_INCONSISTENT", message: "交易信息被篡改" });
      }
      const created = trade ?? {
        outTradeNo,
        totalAmount: input.total_amount,
        subject: input.subject,
        notifyUrl: input.notify_url,
        timeoutExpress: input.timeout_express,
        qrCode: `https://qr.alipay.com/bax0${randomBytes(9).toString("hex")}`,
        status: "UNSCANNED" as const,
      };
      trades.set(outTradeNo, created);
      log(true);
      return reply(res, 200, { out_trade_no: outTradeNo, qr_code: created.qrCode });
    }
    if (req.method === "POST" && url === "/v3/alipay/trade/query") {
      log(true);
      if (!trade || trade.status === "UNSCANNED") return notExist();
      return reply(res, 200, {
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        buyer_logon_id: "159****5620",
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        ...(trade.gmtPayment ? { send_pay_date: trade.gmtPayment } : {}),
      });
    }
    if (req.method === "POST" && url === "/v3/alipay/trade/close") {
      log(true);
      if (!trade || trade.status === "UNSCANNED") return notExist();
      if (trade.status === "TRADE_SUCCESS")
        return reply(res, 400, { code: "ACQ.TRADE_STATUS_ERROR", message: "交易状态不合法" });
      trade.status = "TRADE_CLOSED";
      return reply(res, 200, { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
    }
    log(false, "no such API");
    return reply(res, 404, { code: "NOT_FOUND", message: "接口不存在" });
  };

  const server = await startFakeProviderServer(handle);

  const tradeOf = (outTradeNo: string) => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`the fake has no trade ${outTradeNo}`);
    return trade;
  };
  const scan = (outTradeNo: string) => {
    const trade = tradeOf(outTradeNo);
    if (trade.status === "UNSCANNED") {
      sequence += 1;
      trade.status = "WAIT_BUYER_PAY";
      trade.tradeNo = `2026${String(Date.now()).slice(-10)}2200${String(sequence).padStart(8, "0")}`;
    }
    return trade;
  };

  return {
    url: server.url,
    requests,
    trades,
    scan,
    pay(outTradeNo) {
      const trade = scan(outTradeNo);
      trade.status = "TRADE_SUCCESS";
      trade.gmtPayment = beijing(now());
      return trade;
    },
    notify(outTradeNo, notifyOptions = {}) {
      const trade = tradeOf(outTradeNo);
      const params: Record<string, string> = {
        gmt_create: trade.gmtPayment ?? beijing(now()),
        charset: "utf-8",
        gmt_payment: trade.gmtPayment ?? "",
        notify_time: beijing(now()),
        subject: trade.subject,
        buyer_id: "2088102122524333",
        invoice_amount: trade.totalAmount,
        version: "1.0",
        notify_id: randomBytes(16).toString("hex"),
        fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: "ALIPAYACCOUNT" }]),
        notify_type: "trade_status_sync",
        out_trade_no: trade.outTradeNo,
        total_amount: trade.totalAmount,
        trade_status: notifyOptions.tradeStatus ?? trade.status,
        trade_no: trade.tradeNo ?? "",
        auth_app_id: notifyOptions.appId ?? options.appId,
        receipt_amount: trade.totalAmount,
        point_amount: "0.00",
        app_id: notifyOptions.appId ?? options.appId,
        buyer_pay_amount: trade.totalAmount,
        seller_id: "2088102119685838",
      };
      params.sign = createSign("RSA-SHA256")
        .update(alipayNotifyContent(params), "utf8")
        .sign(notifyOptions.signWith ?? options.alipayPrivateKey, "base64");
      params.sign_type = "RSA2";
      if (notifyOptions.amountAfterSigning !== undefined) params.total_amount = notifyOptions.amountAfterSigning;
      const body = new URLSearchParams(params).toString();
      return {
        body: notifyOptions.tamper ? notifyOptions.tamper(body) : body,
        headers: new Headers({ "content-type": "application/x-www-form-urlencoded; charset=utf-8" }),
      };
    },
    close: server.close,
  };
}
