/**
 * A local stand-in for WeChat Pay API v3 (api.mch.weixin.qq.com) on 127.0.0.1,
 * for Native payment: it checks each request's signature as WeChat Pay
 * documents it and answers signed with "WeChat Pay's" platform key, and it
 * builds the signed, encrypted payment callbacks WeChat Pay would send.
 *
 *  - "签名生成" (the merchant's requests), https://pay.weixin.qq.com/doc/v3/merchant/4012365336 :
 *    Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"
 *    over `${method}\n${path?query}\n${timestamp}\n${nonce}\n${body}\n`, SHA256withRSA, base64
 *  - "验证签名" (its answers and callbacks), https://pay.weixin.qq.com/doc/v3/merchant/4012365342 :
 *    Wechatpay-Timestamp, -Nonce, -Serial, -Signature over `${timestamp}\n${nonce}\n${body}\n`
 *  - "支付成功回调通知", https://pay.weixin.qq.com/doc/v3/merchant/4012791882 : resource encrypted
 *    with AEAD_AES_256_GCM under the APIv3 key, the 16-byte tag appended, base64
 *  - Native 下单 / 查询订单 / 关闭订单: https://pay.weixin.qq.com/doc/v3/merchant/4012791877 ,
 *    …/4012791879 , …/4012791881
 *
 * The fake recomputes the signature from the request it received, with the
 * merchant's public key it holds, never from anything the client computed.
 */
import { createCipheriv, createSign, createVerify, randomBytes, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestLogger, startFakeProviderServer, type FakeProviderRequest } from "./fake-provider-server";

export interface FakeWechatPayOptions {
  appId: string;
  mchId: string;
  /** The merchant certificate's serial and public key: requests must be signed with its private key. */
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  /** "WeChat Pay's" key: answers and callbacks are signed with it. */
  platformSerial: string;
  platformPrivateKey: KeyObject;
  apiV3Key: string;
  now?: () => Date;
}

export interface FakeWechatOrder {
  outTradeNo: string;
  description: string;
  amountFen: number;
  notifyUrl: string;
  timeExpire: string;
  codeUrl: string;
  state: "NOTPAY" | "SUCCESS" | "CLOSED";
  transactionId?: string;
  successTime?: string;
}

export type FakeWechatRequest = FakeProviderRequest;

/** What to change in a callback, to build the wrong ones too. */
export interface CallbackOptions {
  /** Sign with this key instead of the platform's. */
  signWith?: KeyObject;
  serial?: string;
  /** Seconds since the epoch; the fake's clock by default. */
  timestamp?: number;
  tradeState?: string;
  amountFen?: number;
  /** Sign and send this text as the body, to test what the adapter does with a signed body it cannot read. */
  body?: string;
  /** The body sent carries this amount, re-encrypted with the APIv3 key, under the signature of the original. */
  amountAfterSigning?: number;
  /** Changes the body after it was signed. */
  tamper?: (body: string) => string;
}

export interface FakeWechatPay {
  url: string;
  requests: FakeWechatRequest[];
  orders: Map<string, FakeWechatOrder>;
  /** The payer paid: the order becomes SUCCESS with a transaction id. */
  pay(outTradeNo: string): FakeWechatOrder;
  /** The callback WeChat Pay sends for an order, as it would arrive (body and headers). */
  callback(outTradeNo: string, options?: CallbackOptions): { body: string; headers: Headers };
  close(): Promise<void>;
}

const AUTH = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;

function readAuthorization(value: string): Record<string, string> | null {
  const match = AUTH.exec(value);
  if (!match) return null;
  const fields: Record<string, string> = {};
  for (const part of match[1]!.match(/[a-z_]+="[^"]*"/g) ?? []) {
    const eq = part.indexOf("=");
    fields[part.slice(0, eq)] = part.slice(eq + 2, -1);
  }
  return fields;
}

/** A time as WeChat Pay's time with the +08:00 offset, as its callbacks carry it. */
function beijing(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

export async function startFakeWechatPay(options: FakeWechatPayOptions): Promise<FakeWechatPay> {
  const now = () => options.now?.() ?? new Date();
  const requests: FakeWechatRequest[] = [];
  const orders = new Map<string, FakeWechatOrder>();
  let sequence = 0;

  const signedHeaders = (body: string, key = options.platformPrivateKey, timestamp?: number, serial?: string) => {
    const ts = String(timestamp ?? Math.floor(now().getTime() / 1000));
    const nonce = randomBytes(16).toString("hex");
    const signature = createSign("RSA-SHA256").update(`${ts}\n${nonce}\n${body}\n`, "utf8").sign(key, "base64");
    return {
      "wechatpay-timestamp": ts,
      "wechatpay-nonce": nonce,
      "wechatpay-signature": signature,
      "wechatpay-serial": serial ?? options.platformSerial,
    };
  };

  const reply = (res: ServerResponse, status: number, payload?: unknown) => {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    res.writeHead(status, {
      ...(payload === undefined ? {} : { "content-type": "application/json; charset=utf-8" }),
      "request-id": randomBytes(8).toString("hex"),
      ...signedHeaders(body),
    });
    res.end(body);
  };

  const transaction = (order: FakeWechatOrder) => ({
    appid: options.appId,
    mchid: options.mchId,
    out_trade_no: order.outTradeNo,
    ...(order.transactionId ? { transaction_id: order.transactionId } : {}),
    trade_type: "NATIVE",
    trade_state: order.state,
    trade_state_desc: order.state === "SUCCESS" ? "支付成功" : order.state === "CLOSED" ? "订单已关闭" : "订单未支付",
    ...(order.successTime ? { success_time: order.successTime, bank_type: "OTHERS" } : {}),
    payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
    amount: { total: order.amountFen, payer_total: order.amountFen, currency: "CNY", payer_currency: "CNY" },
  });

  /** Why the request's signature does not hold, or null. */
  const checkSignature = (req: IncomingMessage, body: string): string | null => {
    const fields = readAuthorization(String(req.headers.authorization ?? ""));
    if (!fields) return "Authorization is not WECHATPAY2-SHA256-RSA2048";
    if (fields.mchid !== options.mchId) return "mchid is not the merchant's";
    if (fields.serial_no !== options.merchantSerial) return "serial_no is not the merchant certificate's";
    const timestamp = Number(fields.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(now().getTime() / 1000 - timestamp) > 300)
      return "timestamp outside five minutes";
    if (!fields.nonce_str) return "no nonce_str";
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const valid = createVerify("RSA-SHA256")
      .update(message, "utf8")
      .verify(options.merchantPublicKey, fields.signature ?? "", "base64");
    return valid ? null : "signature does not verify with the merchant's key";
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = req.url ?? "/";
    const log = requestLogger(requests, req);
    const problem = checkSignature(req, body);
    if (problem) {
      log(false, problem);
      return reply(res, 401, { code: "SIGN_ERROR", message: "签名错误" });
    }
    const [path, query = ""] = url.split("?");
    const params = new URLSearchParams(query);

    if (req.method === "POST" && path === "/v3/pay/transactions/native") {
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        log(false, "body is not JSON");
        return reply(res, 400, { code: "PARAM_ERROR", message: "参数错误" });
      }
      const amount = input.amount as { total?: unknown; currency?: unknown } | undefined;
      const outTradeNo = String(input.out_trade_no ?? "");
      if (
        input.appid !== options.appId ||
        input.mchid !== options.mchId ||
        typeof input.description !== "string" ||
        !/^[0-9A-Za-z_\-*|]{6,32}$/.test(outTradeNo) ||
        typeof input.notify_url !== "string" ||
        !/^https?:\/\//.test(input.notify_url) ||
        typeof input.time_expire !== "string" ||
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(input.time_expire) ||
        !Number.isSafeInteger(amount?.total) ||
        (amount?.total as number) <= 0 ||
        amount?.currency !== "CNY"
      ) {
        log(false, "PARAM_ERROR");
        return reply(res, 400, { code: "PARAM_ERROR", message: "参数错误" });
      }
      const existing = orders.get(outTradeNo);
      if (existing && existing.amountFen !== amount!.total) {
        log(false, "OUT_TRADE_NO_USED");
        return reply(res, 400, { code: "OUT_TRADE_NO_USED", message: "商户订单号重复" });
      }
      const order = existing ?? {
        outTradeNo,
        description: input.description,
        amountFen: amount!.total as number,
        notifyUrl: input.notify_url,
        timeExpire: input.time_expire,
        codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString("base64url")}`,
        state: "NOTPAY" as const,
      };
      orders.set(outTradeNo, order);
      log(true);
      return reply(res, 200, { code_url: order.codeUrl });
    }

    const query1 = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path ?? "");
    if (req.method === "GET" && query1) {
      if (params.get("mchid") !== options.mchId) {
        log(false, "mchid");
        return reply(res, 400, { code: "PARAM_ERROR", message: "mchid与请求不符" });
      }
      const order = orders.get(decodeURIComponent(query1[1]!));
      log(true);
      if (!order) return reply(res, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
      return reply(res, 200, transaction(order));
    }

    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path ?? "");
    if (req.method === "POST" && close) {
      let input: { mchid?: unknown } = {};
      try {
        input = JSON.parse(body) as { mchid?: unknown };
      } catch {
        input = {};
      }
      if (input.mchid !== options.mchId) {
        log(false, "mchid");
        return reply(res, 400, { code: "PARAM_ERROR", message: "mchid与请求不符" });
      }
      const order = orders.get(decodeURIComponent(close[1]!));
      log(true);
      if (!order) return reply(res, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
      if (order.state === "SUCCESS") return reply(res, 400, { code: "ORDERPAID", message: "订单已支付" });
      order.state = "CLOSED";
      return reply(res, 204);
    }

    log(false, "no such API");
    return reply(res, 404, { code: "NOT_FOUND", message: "无此接口" });
  };

  const server = await startFakeProviderServer(handle);

  const orderOf = (outTradeNo: string) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`the fake has no order ${outTradeNo}`);
    return order;
  };

  return {
    url: server.url,
    requests,
    orders,
    pay(outTradeNo) {
      const order = orderOf(outTradeNo);
      order.state = "SUCCESS";
      sequence += 1;
      order.transactionId = `42000019${String(Date.now()).slice(-10)}${String(sequence).padStart(10, "0")}`;
      order.successTime = beijing(now());
      return order;
    },
    callback(outTradeNo, callbackOptions = {}) {
      const order = orderOf(outTradeNo);
      const bodyFor = (amountFen: number) => {
        const plain = JSON.stringify({
          ...transaction(order),
          trade_state: callbackOptions.tradeState ?? order.state,
          amount: { total: amountFen, payer_total: amountFen, currency: "CNY", payer_currency: "CNY" },
        });
        const nonce = randomBytes(6).toString("hex");
        const associatedData = "transaction";
        const key = Buffer.from(options.apiV3Key, "utf8");
        const cipher = createCipheriv("aes-256-gcm", key, Buffer.from(nonce, "utf8"));
        cipher.setAAD(Buffer.from(associatedData, "utf8"));
        const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
        return JSON.stringify({
          id: randomBytes(16).toString("hex"),
          create_time: beijing(now()),
          resource_type: "encrypt-resource",
          event_type: "TRANSACTION.SUCCESS",
          summary: "支付成功",
          resource: {
            original_type: "transaction",
            algorithm: "AEAD_AES_256_GCM",
            ciphertext: ciphertext.toString("base64"),
            associated_data: associatedData,
            nonce,
          },
        });
      };
      const signedBody = callbackOptions.body ?? bodyFor(callbackOptions.amountFen ?? order.amountFen);
      const headers = new Headers({
        "content-type": "application/json",
        ...signedHeaders(signedBody, callbackOptions.signWith, callbackOptions.timestamp, callbackOptions.serial),
      });
      const sent =
        callbackOptions.amountAfterSigning === undefined ? signedBody : bodyFor(callbackOptions.amountAfterSigning);
      return { body: callbackOptions.tamper ? callbackOptions.tamper(sent) : sent, headers };
    },
    close: server.close,
  };
}
