import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type {
  CallbackReply,
  CallbackVerdict,
  PayChannel,
  PaymentProvider,
  ProviderOrderState,
  QrPaymentRequest,
  RawCallback,
} from "./types";

/**
 * Headers of a sandbox callback: when it was sent, a nonce, and the HMAC-SHA256
 * over the channel, both and the body. The channel is signed (never sent), so a
 * callback signed for WeChat does not verify at the Alipay endpoint, as a real
 * WeChat signature never verifies with Alipay's key.
 */
export const SANDBOX_SIGNATURE_HEADERS = {
  timestamp: "x-sandbox-pay-timestamp",
  nonce: "x-sandbox-pay-nonce",
  signature: "x-sandbox-pay-signature",
} as const;

/** What a sandbox callback says, as JSON. */
export interface SandboxCallbackBody {
  out_trade_no: string;
  /** "SUCCESS" when the tester confirmed, "CLOSED" when they cancelled. */
  trade_state: "SUCCESS" | "CLOSED";
  amount_fen: number;
  transaction_id: string;
  success_time: string;
}

/** A callback older or newer than this is refused, as WeChat Pay advises for its own. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The sandbox payment provider (DESIGN.md, Providers): the QR encodes a page of
 * this site, `/sandbox/pay/<out_trade_no>`, where a tester confirms or cancels.
 * That page posts a callback signed with this provider's key to the platform's
 * notify endpoint, which verifies it here exactly as it would a real one.
 * Never used in production (config refuses it).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox";

  constructor(
    readonly channel: PayChannel,
    private readonly options: { publicUrl: string; secret: string; now?: () => Date },
  ) {}

  async createQr(request: QrPaymentRequest): Promise<{ qrContent: string }> {
    return { qrContent: `${this.options.publicUrl}/sandbox/pay/${encodeURIComponent(request.outTradeNo)}` };
  }

  /** Builds the callback the sandbox page sends: the body and its signature headers. */
  signCallback(body: SandboxCallbackBody): RawCallback {
    const text = JSON.stringify(body);
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonce = randomBytes(16).toString("hex");
    const headers = new Headers({
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADERS.timestamp]: timestamp,
      [SANDBOX_SIGNATURE_HEADERS.nonce]: nonce,
      [SANDBOX_SIGNATURE_HEADERS.signature]: this.sign(timestamp, nonce, text),
    });
    return { body: text, headers };
  }

  async verifyCallback(raw: RawCallback): Promise<CallbackVerdict> {
    const timestamp = raw.headers.get(SANDBOX_SIGNATURE_HEADERS.timestamp) ?? "";
    const nonce = raw.headers.get(SANDBOX_SIGNATURE_HEADERS.nonce) ?? "";
    const signature = raw.headers.get(SANDBOX_SIGNATURE_HEADERS.signature) ?? "";
    if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{32}$/.test(nonce) || !/^[0-9a-f]{64}$/.test(signature))
      return { verified: false, reason: "signature", detail: "missing or malformed signature headers" };
    const expected = Buffer.from(this.sign(timestamp, nonce, raw.body), "hex");
    const given = Buffer.from(signature, "hex");
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { verified: false, reason: "signature", detail: "signature does not match" };
    if (Math.abs(this.now().getTime() - Number(timestamp) * 1000) > MAX_CLOCK_SKEW_MS)
      return { verified: false, reason: "signature", detail: "timestamp outside five minutes" };

    let body: SandboxCallbackBody;
    try {
      body = JSON.parse(raw.body) as SandboxCallbackBody;
    } catch {
      return { verified: false, reason: "malformed", detail: "body is not JSON" };
    }
    if (
      typeof body.out_trade_no !== "string" ||
      !Number.isSafeInteger(body.amount_fen) ||
      typeof body.transaction_id !== "string" ||
      Number.isNaN(Date.parse(body.success_time))
    )
      return { verified: false, reason: "malformed", detail: "missing fields" };
    if (body.trade_state !== "SUCCESS")
      return { verified: false, reason: "not_paid", outTradeNo: body.out_trade_no, detail: body.trade_state };
    return {
      verified: true,
      event: {
        outTradeNo: body.out_trade_no,
        amountFen: body.amount_fen,
        providerTradeNo: body.transaction_id,
        paidAt: new Date(body.success_time),
      },
    };
  }

  /** The sandbox keeps no state of its own: the order's state in our database is the answer. */
  async queryOrder(): Promise<ProviderOrderState> {
    return { state: "unknown" };
  }

  async closeOrder(): Promise<void> {}

  acknowledge(accepted: boolean): CallbackReply {
    return accepted
      ? { status: 200, contentType: "application/json", body: JSON.stringify({ code: "SUCCESS" }) }
      : { status: 400, contentType: "application/json", body: JSON.stringify({ code: "FAIL", message: "失败" }) };
  }

  private sign(timestamp: string, nonce: string, body: string): string {
    return createHmac("sha256", this.options.secret)
      .update(`${this.channel}\n${timestamp}\n${nonce}\n${body}\n`)
      .digest("hex");
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}
