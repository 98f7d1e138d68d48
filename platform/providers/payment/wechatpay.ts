import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from "node:crypto";
import type { WechatPayConfig } from "../../config";
import {
  PaymentProviderError,
  type CallbackReply,
  type CallbackVerdict,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderOrderState,
  type QrPaymentRequest,
  type RawCallback,
} from "./types";

/**
 * WeChat Pay API v3, Native payment (decision 030): our own signer over
 * Node's crypto, as WeChat Pay documents it:
 *
 *  - requests: "签名生成", https://pay.weixin.qq.com/doc/v3/merchant/4012365336
 *    Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"
 *    signature = base64(SHA256withRSA(merchant key, `${method}\n${path?query}\n${timestamp}\n${nonce}\n${body}\n`))
 *  - responses and callbacks: "验证签名", https://pay.weixin.qq.com/doc/v3/merchant/4012365342
 *    Wechatpay-Signature over `${Wechatpay-Timestamp}\n${Wechatpay-Nonce}\n${body}\n`, with the platform
 *    certificate (or the "微信支付公钥") named by Wechatpay-Serial
 *  - callbacks: "支付成功回调通知", https://pay.weixin.qq.com/doc/v3/merchant/4012791882 : the resource is
 *    AEAD_AES_256_GCM with the APIv3 key, the 16-byte tag at the end of the base64 ciphertext
 */

export const WECHATPAY_HEADERS = {
  timestamp: "wechatpay-timestamp",
  nonce: "wechatpay-nonce",
  signature: "wechatpay-signature",
  serial: "wechatpay-serial",
} as const;

/** WeChat Pay advises refusing a callback or response whose timestamp is more than five minutes off. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

/** The transaction as the query answers and the callback's resource holds it (the fields we read). */
interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string };
}

interface WechatNotification {
  event_type?: string;
  resource?: { algorithm?: string; ciphertext?: string; associated_data?: string; nonce?: string };
}

/** 2026-11-23T22:43:00+08:00: WeChat Pay's RFC 3339 time, in Beijing time as its own examples are. */
export function beijingTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

export class WechatPayProvider implements PaymentProvider {
  readonly name = "wechatpay";
  readonly channel = "wechat" as const;
  private readonly merchantKey: KeyObject;
  private readonly platformKey: KeyObject;
  private readonly apiV3Key: Buffer;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly options: { now?: () => Date; log?: (line: string) => void } = {},
  ) {
    this.merchantKey = createPrivateKey(config.privateKey);
    this.platformKey = createPublicKey(config.platformCert);
    this.apiV3Key = Buffer.from(config.apiV3Key, "utf8");
  }

  async createQr(request: QrPaymentRequest): Promise<{ qrContent: string }> {
    const reply = await this.call("POST", "/v3/pay/transactions/native", {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.description,
      out_trade_no: request.outTradeNo,
      time_expire: beijingTime(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: "CNY" },
    });
    const codeUrl = (reply.json as { code_url?: unknown } | null)?.code_url;
    if (reply.status !== 200 || typeof codeUrl !== "string" || !codeUrl)
      throw this.refusal("createQr", request.outTradeNo, reply);
    return { qrContent: codeUrl };
  }

  async queryOrder(outTradeNo: string): Promise<ProviderOrderState> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.config.mchId)}`;
    const reply = await this.call("GET", path);
    if (reply.status === 404) return { state: "unknown" };
    if (reply.status !== 200) throw this.refusal("queryOrder", outTradeNo, reply);
    const transaction = (reply.json ?? {}) as WechatTransaction;
    if (transaction.out_trade_no !== outTradeNo) return { state: "unknown" };
    switch (transaction.trade_state) {
      case "SUCCESS": {
        const event = this.eventOf(transaction);
        return typeof event === "string" ? { state: "unknown" } : { state: "paid", event };
      }
      case "NOTPAY":
      case "USERPAYING":
        return { state: "pending" };
      case "CLOSED":
      case "REVOKED":
      case "PAYERROR":
        return { state: "closed" };
      default:
        // REFUND and anything new: a person should look, not the poll.
        return { state: "unknown" };
    }
  }

  async closeOrder(outTradeNo: string): Promise<void> {
    const reply = await this.call("POST", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
      mchid: this.config.mchId,
    });
    if (reply.status !== 204 && reply.status !== 200) throw this.refusal("closeOrder", outTradeNo, reply);
  }

  async verifyCallback(raw: RawCallback): Promise<CallbackVerdict> {
    const problem = this.checkSignature(raw.headers, raw.body);
    if (problem) return { verified: false, reason: "signature", detail: problem };

    let notification: WechatNotification;
    try {
      notification = JSON.parse(raw.body) as WechatNotification;
    } catch {
      return { verified: false, reason: "malformed", detail: "body is not JSON" };
    }
    const resource = notification?.resource;
    if (
      !resource ||
      resource.algorithm !== "AEAD_AES_256_GCM" ||
      typeof resource.ciphertext !== "string" ||
      typeof resource.nonce !== "string"
    )
      return { verified: false, reason: "malformed", detail: "no AEAD_AES_256_GCM resource" };

    let transaction: WechatTransaction;
    try {
      const plain = this.decrypt(resource.ciphertext, resource.nonce, resource.associated_data ?? "");
      transaction = JSON.parse(plain) as WechatTransaction;
    } catch {
      return { verified: false, reason: "malformed", detail: "resource does not decrypt with the APIv3 key" };
    }
    if (typeof transaction?.out_trade_no !== "string")
      return { verified: false, reason: "malformed", detail: "resource has no out_trade_no" };
    if (transaction.mchid !== this.config.mchId || transaction.appid !== this.config.appId)
      return {
        verified: false,
        reason: "malformed",
        outTradeNo: transaction.out_trade_no,
        detail: "resource names another merchant or app",
      };
    if (transaction.trade_state !== "SUCCESS")
      return {
        verified: false,
        reason: "not_paid",
        outTradeNo: transaction.out_trade_no,
        detail: String(transaction.trade_state),
      };
    const event = this.eventOf(transaction);
    if (typeof event === "string")
      return { verified: false, reason: "malformed", outTradeNo: transaction.out_trade_no, detail: event };
    return { verified: true, event };
  }

  acknowledge(accepted: boolean): CallbackReply {
    return accepted
      ? { status: 200, contentType: "application/json", body: JSON.stringify({ code: "SUCCESS", message: "成功" }) }
      : { status: 400, contentType: "application/json", body: JSON.stringify({ code: "FAIL", message: "失败" }) };
  }

  /** The payment a SUCCESS transaction reports, or why it cannot be read. */
  private eventOf(transaction: WechatTransaction): PaymentEvent | string {
    const total = transaction.amount?.total;
    if (!Number.isSafeInteger(total) || (total as number) <= 0) return "amount.total is not a positive integer";
    if ((transaction.amount?.currency ?? "CNY") !== "CNY") return "currency is not CNY";
    if (typeof transaction.transaction_id !== "string" || !transaction.transaction_id) return "no transaction_id";
    const paidAt = Date.parse(transaction.success_time ?? "");
    if (Number.isNaN(paidAt)) return "success_time is not a time";
    return {
      outTradeNo: transaction.out_trade_no!,
      amountFen: total as number,
      providerTradeNo: transaction.transaction_id,
      paidAt: new Date(paidAt),
    };
  }

  /** Why the headers do not vouch for the body (serial, timestamp, signature), or null when they do. */
  private checkSignature(headers: Headers, body: string): string | null {
    const timestamp = headers.get(WECHATPAY_HEADERS.timestamp) ?? "";
    const nonce = headers.get(WECHATPAY_HEADERS.nonce) ?? "";
    const signature = headers.get(WECHATPAY_HEADERS.signature) ?? "";
    const serial = headers.get(WECHATPAY_HEADERS.serial) ?? "";
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) return "missing or malformed signature headers";
    if (serial !== this.config.platformSerial) return `Wechatpay-Serial ${serial} is not the configured platform key`;
    if (Math.abs(this.now().getTime() - Number(timestamp) * 1000) > MAX_CLOCK_SKEW_MS)
      return "timestamp outside five minutes";
    const valid = createVerify("RSA-SHA256")
      .update(`${timestamp}\n${nonce}\n${body}\n`, "utf8")
      .verify(this.platformKey, signature, "base64");
    return valid ? null : "signature does not match";
  }

  private decrypt(ciphertext: string, nonce: string, associatedData: string): string {
    const data = Buffer.from(ciphertext, "base64");
    if (data.length <= 16) throw new Error("ciphertext too short");
    const decipher = createDecipheriv("aes-256-gcm", this.apiV3Key, Buffer.from(nonce, "utf8"));
    decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8");
  }

  /** One signed request; a 2xx answer must carry a valid platform signature, or this throws. */
  private async call(
    method: "GET" | "POST",
    pathWithQuery: string,
    payload?: unknown,
  ): Promise<{ status: number; json: unknown; text: string }> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonce = randomBytes(16).toString("hex");
    const signature = createSign("RSA-SHA256")
      .update(`${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`, "utf8")
      .sign(this.merchantKey, "base64");
    const authorization =
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.serialNo}"`;
    let response: Response;
    try {
      response = await fetch(new URL(pathWithQuery, this.config.baseUrl), {
        method,
        headers: {
          authorization,
          accept: "application/json",
          "user-agent": "gpu-cloud-platform",
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      this.log(`[pay:wechatpay] ${method} ${pathWithQuery.split("?")[0]} unreachable: ${(error as Error).message}`);
      throw new PaymentProviderError("UNREACHABLE", "WeChat Pay could not be reached");
    }
    const text = await response.text();
    if (response.ok) {
      const problem = this.checkSignature(response.headers, text);
      if (problem) {
        this.log(`[pay:wechatpay] ${method} ${pathWithQuery.split("?")[0]} answer not trusted: ${problem}`);
        throw new PaymentProviderError("RESPONSE_SIGNATURE", `WeChat Pay's answer is not signed by it: ${problem}`);
      }
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json, text };
  }

  private refusal(what: string, outTradeNo: string, reply: { status: number; json: unknown }): PaymentProviderError {
    const error = (reply.json ?? {}) as { code?: unknown; message?: unknown };
    const code = typeof error.code === "string" ? error.code : `HTTP_${reply.status}`;
    const message = typeof error.message === "string" ? error.message : "";
    this.log(
      `[pay:wechatpay] ${what} refused out_trade_no=${outTradeNo} status=${reply.status} code=${code} ${message}`,
    );
    return new PaymentProviderError(code, `WeChat Pay refused ${what}: ${code} ${message}`.trim());
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private log(line: string): void {
    (this.options.log ?? ((l: string) => console.warn(l)))(line);
  }
}
