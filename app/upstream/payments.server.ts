import type {
  CreateQrcodeWire,
  OrderStatus,
  OrderStatusWire,
  PayType,
  PaymentCalls,
  QrcodeWire,
  TransferInstructionsWire,
} from "../../platform/contract/payments";
import { callApiOrThrow } from "./transport.server";

export type { CreateQrcodeWire, OrderStatus, OrderStatusWire, PayType, QrcodeWire, TransferInstructionsWire };
export { QR_NOT_READY_REASON } from "../../platform/contract/payments";

function call<P extends keyof PaymentCalls>(path: P, input: PaymentCalls[P]["input"], session: string) {
  return callApiOrThrow<PaymentCalls[P]["data"]>(path, input, { session });
}

/** A new top-up order: a QR to scan (WeChat, Alipay) or the transfer's instructions. `amount` is yuan as typed. */
export function createQrcode(session: string, amount: string, payType: PayType) {
  return call("/create_qrcode", { amount, pay_type: String(payType) }, session);
}

/** The order's live QR; throws QR_NOT_READY (二维码未生成或者已过期!) when there is none. */
export function getQrcode(session: string, outTradeNo: string) {
  return call("/get_qrcode", { out_trade_no: outTradeNo }, session);
}

export function getOrderStatus(session: string, outTradeNo: string) {
  return call("/get_order_status", { out_trade_no: outTradeNo }, session);
}
