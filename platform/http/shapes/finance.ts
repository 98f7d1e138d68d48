import type {
  BalanceChangeWire,
  DailySpendingListWire,
  OrderItemWire,
  RefundableWire,
  WithdrawalWire,
} from "../../contract/finance";
import type { BalanceChange, DailySpending } from "../../modules/finance/balance-changes";
import type { Order } from "../../modules/finance/orders";
import type { Refundable, Withdrawal } from "../../modules/wallet/withdrawals";
import { purchaseKindName } from "../../rules/finance";
import { fenToYuan } from "../../rules/money";

const yuanOrNull = (fen: number | null) => (fen === null ? null : fenToYuan(fen));

export const toOrderItem = (o: Order): OrderItemWire => ({
  OrderNo: o.orderNo,
  Kind: o.kind,
  Goods: o.kind === "recharge" ? "账户充值" : purchaseKindName(o.purchaseKind ?? ""),
  PayType: o.payType,
  Amount: fenToYuan(o.amountFen),
  PaidVoucher: yuanOrNull(o.paidVoucherFen),
  PaidCash: yuanOrNull(o.paidCashFen),
  Status: o.status,
  CreatedAt: o.createdAt.toISOString(),
  PaidAt: o.paidAt?.toISOString() ?? null,
});

export const toBalanceChange = (e: BalanceChange): BalanceChangeWire => ({
  Id: e.id,
  Kind: e.kind,
  Wallet: e.wallet,
  Amount: fenToYuan(e.amountFen),
  BalanceAfter: fenToYuan(e.balanceAfterFen),
  CashAfter: fenToYuan(e.cashAfterFen),
  VoucherAfter: fenToYuan(e.voucherAfterFen),
  Reference: { Kind: e.reference.kind, Label: e.reference.label, Target: e.reference.target },
  Note: e.note,
  CreatedAt: e.createdAt.toISOString(),
  Explanation: e.explanation,
});

export const toDailySpending = (days: DailySpending[]): DailySpendingListWire => ({
  days: days.map((d) => ({ Date: d.date, Cash: fenToYuan(d.cashFen), Voucher: fenToYuan(d.voucherFen) })),
});

export const toRefundable = (r: Refundable): RefundableWire => ({
  Refundable: fenToYuan(r.refundableFen),
  Money: fenToYuan(r.cashFen),
  Pending: fenToYuan(r.pendingFen),
});

export const toWithdrawal = (w: Withdrawal): WithdrawalWire => ({
  Id: w.id,
  Amount: fenToYuan(w.amountFen),
  Status: w.status,
  Destination: w.destination,
  Source: w.source,
  Reason: w.reason,
  CreatedAt: w.createdAt.toISOString(),
  DecidedAt: w.decidedAt?.toISOString() ?? null,
});
