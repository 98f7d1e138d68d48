/**
 * How the platform takes QR payments: one provider per channel (WeChat Pay,
 * Alipay), each the sandbox or the real adapter, chosen by configuration
 * (PAYMENT_WECHAT, PAYMENT_ALIPAY). The recharge module never knows which.
 */

/** pay_type 1 is WeChat, 0 is Alipay (spec §5); 2, the corporate transfer, has no provider. */
export type PayChannel = "wechat" | "alipay";

export interface QrPaymentRequest {
  outTradeNo: string;
  amountFen: number;
  /** What the payer's app shows, e.g. "账户充值 100.00 元". */
  description: string;
  /** The QR stops working at this time; the provider closes the payment then. */
  expiresAt: Date;
  /** Where the provider posts its callback: `<public origin>/api/pay/notify/<channel>`. */
  notifyUrl: string;
}

/** A payment the provider vouches for. The platform still checks the amount against its order. */
export interface PaymentEvent {
  outTradeNo: string;
  amountFen: number;
  /** The provider's own id of the payment (WeChat transaction_id, Alipay trade_no). */
  providerTradeNo: string;
  paidAt: Date;
}

/**
 * A callback's verdict. `verified: false` means nothing may change: the
 * signature did not verify, the body could not be read, or it reports
 * something other than a successful payment.
 */
export type CallbackVerdict =
  | { verified: true; event: PaymentEvent }
  | { verified: false; reason: "signature" | "malformed" | "not_paid"; outTradeNo?: string; detail: string };

/** What the provider says about an order when asked (the poll's fallback when a callback is late). */
export type ProviderOrderState =
  { state: "paid"; event: PaymentEvent } | { state: "pending" } | { state: "closed" } | { state: "unknown" };

/** The HTTP answer a provider expects to a callback (WeChat: JSON / 204; Alipay: "success"). */
export interface CallbackReply {
  status: number;
  contentType: string;
  body: string;
}

/** The raw callback as it arrived: the body byte-for-byte (signatures cover it) and the headers. */
export interface RawCallback {
  body: string;
  headers: Headers;
}

export interface PaymentProvider {
  /** "sandbox", "wechatpay" or "alipay": stored on the order, shown in logs. */
  readonly name: string;
  readonly channel: PayChannel;
  /** Creates the payment at the provider and returns what the QR encodes. Throws PaymentProviderError when refused. */
  createQr(request: QrPaymentRequest): Promise<{ qrContent: string }>;
  /** Verifies a callback's signature (and decrypts it, for WeChat) and reads the payment it reports. Never throws. */
  verifyCallback(raw: RawCallback): Promise<CallbackVerdict>;
  queryOrder(outTradeNo: string): Promise<ProviderOrderState>;
  /** Closes an unpaid payment (the QR expired). Closing one already closed is not an error. */
  closeOrder(outTradeNo: string): Promise<void>;
  /** What to answer the provider: accepted (we handled it, or it was a duplicate) or not (it should retry). */
  acknowledge(accepted: boolean): CallbackReply;
}

/** The provider refused a request or could not be reached. `providerCode` is its own code, for the log. */
export class PaymentProviderError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
