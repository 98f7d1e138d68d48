/**
 * Top-up by QR payment and by corporate transfer on the wire (spec §3, §5, §7,
 * issue 10 §2; shapes recorded in docs/decisions/034). Amounts are yuan strings
 * with two decimals; times are ISO 8601.
 */
import type { MainApiCall } from "./calls";

/** Spec §5: 1 WeChat, 0 Alipay, 2 corporate transfer. */
export type PayType = 0 | 1 | 2;

/** The order's state: 0 waiting for payment, 1 paid (credited), 2 closed (QR expired or cancelled), 3 transfer refused. */
export type OrderStatus = 0 | 1 | 2 | 3;

/** Where a corporate transfer goes, and what the payer must write in its note. */
export type TransferInstructionsWire = {
  account_name: string;
  bank: string;
  account_no: string;
  /** Write exactly this in the transfer's note (附言), so finance can match it: the order number. */
  note: string;
};

/** The provider's answer as spec §3 names it: `wx_resp` or `ali_resp`, with `data.qrcode`. */
export type QrRespWire = { data: { qrcode: string } };

export type CreateQrcodeWire = {
  out_trade_no: string;
  pay_type: PayType;
  amount: string;
  /** When the QR stops working (five minutes); null for a transfer. */
  expires_at: string | null;
  wx_resp?: QrRespWire;
  ali_resp?: QrRespWire;
  transfer?: TransferInstructionsWire;
};

export type QrcodeWire = {
  out_trade_no: string;
  /** What the QR encodes. */
  qrcode: string;
  pay_type: PayType;
  amount: string;
  expires_at: string;
};

export type OrderStatusWire = {
  out_trade_no: string;
  Status: OrderStatus;
  pay_type: PayType;
  amount: string;
  created_at: string;
  paid_at: string | null;
  /** Only while the QR can still be paid. */
  expires_at: string | null;
  transfer?: TransferInstructionsWire;
};

export type CreateQrcodeFields = { amount: string; pay_type: string };
export type OutTradeNoFields = { out_trade_no: string };

/** Every payment call of the main API, by path under /api. Sub-accounts are refused: they cannot top up. */
export type PaymentCalls = {
  "/create_qrcode": MainApiCall<CreateQrcodeFields, CreateQrcodeWire, "required">;
  /** Refused with reason 二维码未生成或者已过期! when the order's QR is gone (spec §8). */
  "/get_qrcode": MainApiCall<OutTradeNoFields, QrcodeWire, "required">;
  "/get_order_status": MainApiCall<OutTradeNoFields, OrderStatusWire, "required">;
};

/** The reason /get_qrcode answers when there is no live QR (spec §8), exactly. */
export const QR_NOT_READY_REASON = "二维码未生成或者已过期!";
