import type {
  CreateQrcodeWire,
  OrderStatus,
  OrderStatusWire,
  PayType,
  QrcodeWire,
  TransferInstructionsWire,
} from "../../contract/payments";
import type { TransferAccount } from "../../config";
import type { RechargeOrder } from "../../modules/payments/recharge-orders";
import { fenToYuan } from "../../rules/money";

const STATUS: Record<RechargeOrder["status"], OrderStatus> = { pending: 0, paid: 1, closed: 2, rejected: 3 };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function transferOf(order: RechargeOrder, account: TransferAccount | null): TransferInstructionsWire | undefined {
  if (order.payType !== 2 || !account) return undefined;
  return {
    account_name: account.accountName,
    bank: account.bank,
    account_no: account.accountNo,
    note: order.outTradeNo,
  };
}

export function toCreateQrcode(order: RechargeOrder, account: TransferAccount | null): CreateQrcodeWire {
  const resp = order.qrContent ? { data: { qrcode: order.qrContent } } : undefined;
  const transfer = transferOf(order, account);
  return {
    out_trade_no: order.outTradeNo,
    pay_type: order.payType as PayType,
    amount: fenToYuan(order.amountFen),
    expires_at: iso(order.qrExpiresAt),
    ...(order.payType === 1 && resp ? { wx_resp: resp } : {}),
    ...(order.payType === 0 && resp ? { ali_resp: resp } : {}),
    ...(transfer ? { transfer } : {}),
  };
}

/** Only for a live QR (the module checked): qrcode and expires_at are there. */
export function toQrcode(order: RechargeOrder): QrcodeWire {
  return {
    out_trade_no: order.outTradeNo,
    qrcode: order.qrContent ?? "",
    pay_type: order.payType as PayType,
    amount: fenToYuan(order.amountFen),
    expires_at: iso(order.qrExpiresAt) ?? "",
  };
}

export function toOrderStatus(order: RechargeOrder, account: TransferAccount | null, now: Date): OrderStatusWire {
  const transfer = transferOf(order, account);
  const live = order.status === "pending" && order.qrExpiresAt !== null && order.qrExpiresAt > now;
  return {
    out_trade_no: order.outTradeNo,
    Status: STATUS[order.status],
    pay_type: order.payType as PayType,
    amount: fenToYuan(order.amountFen),
    created_at: order.createdAt.toISOString(),
    paid_at: iso(order.paidAt),
    expires_at: live ? iso(order.qrExpiresAt) : null,
    ...(transfer ? { transfer } : {}),
  };
}
