import type { AlipayRequestError, AlipaySdk } from "alipay-sdk";
import type { AlipayConfig } from "../../config";
import { fenToYuan, yuanToFen } from "../../rules/money";
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
 * Alipay 当面付 (face-to-face), 扫码支付: the payer scans a QR of `alipay.trade.precreate`
 * (decision 030). Calls go through Alipay's own SDK (`alipay-sdk` 4.x), on the
 * OpenAPI v3 paths (`curl`, which signs each request with the app key,
 * "ALIPAY-SHA256withRSA", and refuses an answer Alipay's key did not sign):
 * https://opendocs.alipay.com/open-v3/054oog . The asynchronous notify is the
 * form-encoded one of https://opendocs.alipay.com/open/194/103296 (RSA2 over
 * the sorted parameters), checked with the SDK's `checkNotifySignV2`.
 */

interface AlipayTrade {
  out_trade_no?: string;
  trade_no?: string;
  trade_status?: string;
  total_amount?: string;
  send_pay_date?: string;
}

/** Alipay's times ("2026-11-23 22:43:00") are Beijing time. */
export function fromBeijingTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return new Date(Date.UTC(y!, mo! - 1, d!, h! - 8, mi!, s!));
}

/** "交易不存在": the v1 gateway's sub_code, and the v3 answer's code. */
const TRADE_NOT_EXIST = new Set(["ACQ.TRADE_NOT_EXIST", "TRADE_NOT_EXIST"]);

const PAID_STATUSES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

export class AlipayProvider implements PaymentProvider {
  readonly name = "alipay";
  readonly channel = "alipay" as const;
  /** Loaded on first use: the SDK and its HTTP client take ~0.5 s to import, which a sandbox start need not pay. */
  private sdkLoading?: Promise<AlipaySdk>;

  constructor(
    private readonly config: AlipayConfig,
    private readonly options: { now?: () => Date; log?: (line: string) => void } = {},
  ) {}

  private sdk(): Promise<AlipaySdk> {
    this.sdkLoading ??= import("alipay-sdk").then(
      ({ AlipaySdk }) =>
        new AlipaySdk({
          appId: this.config.appId,
          privateKey: this.config.privateKey,
          keyType: "PKCS8",
          alipayPublicKey: this.config.alipayPublicKey,
          endpoint: this.config.gateway.origin,
          timeout: 10_000,
        }),
    );
    return this.sdkLoading;
  }

  async createQr(request: QrPaymentRequest): Promise<{ qrContent: string }> {
    const minutes = Math.max(1, Math.ceil((request.expiresAt.getTime() - this.now().getTime()) / 60_000));
    const data = await this.call<{ qr_code?: unknown }>("createQr", request.outTradeNo, "/v3/alipay/trade/precreate", {
      out_trade_no: request.outTradeNo,
      total_amount: fenToYuan(request.amountFen),
      subject: request.description,
      timeout_express: `${minutes}m`,
      notify_url: request.notifyUrl,
    });
    if (typeof data.qr_code !== "string" || !data.qr_code)
      throw new PaymentProviderError("NO_QR_CODE", "Alipay's precreate answer has no qr_code");
    return { qrContent: data.qr_code };
  }

  async queryOrder(outTradeNo: string): Promise<ProviderOrderState> {
    let trade: AlipayTrade;
    try {
      trade = await this.call<AlipayTrade>("queryOrder", outTradeNo, "/v3/alipay/trade/query", {
        out_trade_no: outTradeNo,
      });
    } catch (error) {
      // A precreated trade exists at Alipay only once the payer has scanned it.
      if (error instanceof PaymentProviderError && TRADE_NOT_EXIST.has(error.providerCode)) return { state: "pending" };
      throw error;
    }
    if (trade.out_trade_no !== undefined && trade.out_trade_no !== outTradeNo) return { state: "unknown" };
    switch (trade.trade_status) {
      case "TRADE_SUCCESS":
      case "TRADE_FINISHED": {
        const event = this.eventOf({ ...trade, out_trade_no: outTradeNo }, trade.send_pay_date);
        return typeof event === "string" ? { state: "unknown" } : { state: "paid", event };
      }
      case "WAIT_BUYER_PAY":
        return { state: "pending" };
      case "TRADE_CLOSED":
        return { state: "closed" };
      default:
        return { state: "unknown" };
    }
  }

  async closeOrder(outTradeNo: string): Promise<void> {
    try {
      await this.call("closeOrder", outTradeNo, "/v3/alipay/trade/close", { out_trade_no: outTradeNo });
    } catch (error) {
      // Never scanned: there is no trade to close, and the QR's timeout ends it.
      if (error instanceof PaymentProviderError && TRADE_NOT_EXIST.has(error.providerCode)) return;
      throw error;
    }
  }

  async verifyCallback(raw: RawCallback): Promise<CallbackVerdict> {
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(raw.body);
    } catch {
      return { verified: false, reason: "malformed", detail: "body is not form-encoded" };
    }
    // Alipay signs the non-empty parameters other than sign and sign_type.
    const fields: Record<string, string> = {};
    for (const [name, value] of params) if (value !== "") fields[name] = value;
    if (!fields.sign) return { verified: false, reason: "signature", detail: "no sign" };
    if ((fields.sign_type ?? "RSA2") !== "RSA2")
      return { verified: false, reason: "signature", detail: `sign_type ${fields.sign_type} is not RSA2` };
    const sdk = await this.sdk();
    let valid = false;
    try {
      valid = sdk.checkNotifySignV2(fields);
    } catch {
      valid = false;
    }
    if (!valid) return { verified: false, reason: "signature", detail: "signature does not match" };

    const outTradeNo = fields.out_trade_no;
    if (!outTradeNo) return { verified: false, reason: "malformed", detail: "no out_trade_no" };
    if (fields.app_id !== this.config.appId)
      return { verified: false, reason: "malformed", outTradeNo, detail: "notify is for another app_id" };
    if (!PAID_STATUSES.has(fields.trade_status ?? ""))
      return { verified: false, reason: "not_paid", outTradeNo, detail: String(fields.trade_status) };
    const event = this.eventOf(fields, fields.gmt_payment);
    if (typeof event === "string") return { verified: false, reason: "malformed", outTradeNo, detail: event };
    return { verified: true, event };
  }

  acknowledge(accepted: boolean): CallbackReply {
    return { status: 200, contentType: "text/plain; charset=utf-8", body: accepted ? "success" : "fail" };
  }

  private eventOf(trade: AlipayTrade, paidAtText: string | undefined): PaymentEvent | string {
    let amountFen: number;
    try {
      amountFen = yuanToFen(trade.total_amount ?? "");
    } catch {
      return "total_amount is not a yuan amount";
    }
    if (amountFen <= 0) return "total_amount is not positive";
    if (!trade.trade_no) return "no trade_no";
    const paidAt = fromBeijingTime(paidAtText ?? "");
    if (!paidAt) return "no payment time";
    return { outTradeNo: trade.out_trade_no!, amountFen, providerTradeNo: trade.trade_no, paidAt };
  }

  /** One signed v3 call; Alipay's refusal or an unverifiable answer becomes PaymentProviderError. */
  private async call<T>(what: string, outTradeNo: string, path: string, body: Record<string, string>): Promise<T> {
    const sdk = await this.sdk();
    try {
      const result = await sdk.curl<T>("POST", path, { body });
      return result.data;
    } catch (error) {
      const e = error as Partial<AlipayRequestError>;
      const code =
        e.name === "AlipayRequestError" && typeof e.code === "string" && e.code
          ? e.code
          : e.responseHttpStatus
            ? `HTTP_${e.responseHttpStatus}`
            : "UNREACHABLE";
      if (!TRADE_NOT_EXIST.has(code))
        this.log(`[pay:alipay] ${what} refused out_trade_no=${outTradeNo} code=${code} ${String(e.message ?? "")}`);
      throw new PaymentProviderError(code, `Alipay refused ${what}: ${code}`);
    }
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private log(line: string): void {
    (this.options.log ?? ((l: string) => console.warn(l)))(line);
  }
}
