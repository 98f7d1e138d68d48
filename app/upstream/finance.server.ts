import type {
  BalanceChangeListFields,
  BalanceChangeWire,
  DailySpendingWire,
  FinanceCalls,
  LedgerKind,
  LedgerWallet,
  OrderItemWire,
  OrderKind,
  OrderListFields,
  OrderStatus,
  RefundableWire,
  WithdrawalStatus,
  WithdrawalWire,
} from "../../platform/contract/finance";
import type { PageWire } from "../../platform/contract/page";
import { callApiOrThrow } from "./transport.server";

export type {
  BalanceChangeListFields,
  BalanceChangeWire,
  DailySpendingWire,
  LedgerKind,
  LedgerWallet,
  OrderItemWire,
  OrderKind,
  OrderListFields,
  OrderStatus,
  PageWire,
  RefundableWire,
  WithdrawalStatus,
  WithdrawalWire,
};

/** One finance call, its fields and reply typed by the contract (platform/contract/finance.ts). */
function call<P extends keyof FinanceCalls>(path: P, session: string, input: FinanceCalls[P]["input"]) {
  return callApiOrThrow<FinanceCalls[P]["data"]>(path, input, { session });
}

export function getOrders(session: string, fields: OrderListFields) {
  return call("/get_order", session, fields);
}

export function getBalanceChanges(session: string, fields: BalanceChangeListFields) {
  return call("/get_wallet_balance_change_list", session, fields);
}

export function getBalanceChangeExport(session: string, fields: Omit<BalanceChangeListFields, "page" | "page_size">) {
  return call("/get_wallet_balance_change_export", session, fields);
}

export function getDailySpending(session: string, startDate: string, endDate: string) {
  return call("/get_wallet_daily_spending", session, { start_date: startDate, end_date: endDate });
}

export function getRefundable(session: string) {
  return call("/withdraw/get_refundable", session, {});
}

export function createWithdrawal(
  session: string,
  fields: { amount: string; destination: string; idempotency_key: string },
) {
  return call("/withdraw/create", session, fields);
}

export function getWithdrawals(session: string, page: number, pageSize: number) {
  return call("/withdraw/get_list", session, { page, page_size: pageSize });
}
