/**
 * The finance area of the main API on the wire (issue 10 §5): orders, the
 * ledger's entries (balance changes), spending per day, and withdrawals. The
 * spec declares /get_order and /get_wallet_balance_change_list without their
 * payloads; these shapes are ours (docs/decisions/032-finance-records.md).
 * Amounts are yuan strings with two decimals ("12.34", "-0.05"); times are
 * ISO 8601; dates are Asia/Shanghai calendar days "YYYY-MM-DD". Main accounts
 * only: a sub-account is refused (PERMISSION_DENIED).
 */
import type { MainApiCall, NoFields } from "./calls";
import type { PageFields, PageWire } from "./page";

export type OrderKind = "recharge" | "purchase";
export type OrderStatus = "pending" | "paid" | "closed" | "rejected" | "refunded";
export type LedgerKind =
  "top_up" | "purchase" | "refund" | "coupon" | "voucher" | "credit" | "withdrawal" | "adjustment" | "commission";
export type LedgerWallet = "cash" | "voucher" | "credit";
export type WithdrawalStatus = "pending" | "approved" | "rejected";

/** A date range: inclusive days in Asia/Shanghai, either end optional, at most 366 days. */
export type DateRangeFields = { start_date?: string; end_date?: string };

/** A recharge order (Kind "recharge") or a purchase order (Kind "purchase"). */
export type OrderItemWire = {
  OrderNo: string;
  Kind: OrderKind;
  /** What it was: "账户充值" for a recharge; what was bought for a purchase ("算力券", …). */
  Goods: string;
  /** Recharges: 0 Alipay, 1 WeChat, 2 corporate transfer. Purchases: null (paid from the wallet). */
  PayType: 0 | 1 | 2 | null;
  Amount: string;
  /** Purchases: the part paid with compute vouchers and with cash. Recharges: null. */
  PaidVoucher: string | null;
  PaidCash: string | null;
  Status: OrderStatus;
  CreatedAt: string;
  /** When it was paid; null while pending or when closed unpaid. */
  PaidAt: string | null;
};

export type OrderListFields = PageFields &
  DateRangeFields & {
    kind?: OrderKind;
    status?: OrderStatus;
  };

/**
 * What a ledger entry refers to (platform/rules/ledger-reference.ts): its kind,
 * its name in Chinese (充值订单 …, 实例 …, 充值券「…」, 平台发放算力券) and, when
 * it is one of the caller's own, the id a page links to: the order number
 * (recharge_order, purchase_order), the instance uuid, the coupon or withdrawal id.
 */
export type LedgerReferenceWire = {
  Kind: "recharge_order" | "purchase_order" | "instance" | "coupon" | "withdrawal" | "platform" | "other";
  Label: string;
  Target: string | null;
};

/** One ledger entry: a wallet moved by a signed amount, and the wallet's balance after it. */
export type BalanceChangeWire = {
  Id: number;
  Kind: LedgerKind;
  Wallet: LedgerWallet;
  Amount: string;
  /** The moved wallet's balance after the entry. */
  BalanceAfter: string;
  /** The cash balance (余额) just after the entry, whichever wallet it moved. */
  CashAfter: string;
  /** The compute-voucher balance (算力券) just after the entry, whichever wallet it moved. */
  VoucherAfter: string;
  /** What the movement is for, in words, and the caller's own id to link to (never an internal key). */
  Reference: LedgerReferenceWire;
  Note: string | null;
  CreatedAt: string;
  /**
   * How the amount was computed, for an hourly settlement or a package charge, e.g.
   * "3600 秒 × 1 卡 × ¥1.98/卡·时 × 会员 0.98 = ¥1.94；算力券 ¥0.00，余额 ¥1.94"; null for other entries.
   */
  Explanation: string | null;
};

export type BalanceChangeListFields = PageFields &
  DateRangeFields & {
    kind?: LedgerKind;
    wallet?: LedgerWallet;
  };

/** The CSV export's entries: at most `limit` of them, newest first; `too_many` (and no list) beyond. */
export type BalanceChangeExportWire = { list: BalanceChangeWire[]; too_many: boolean; limit: number };

export type BalanceChangeExportFields = DateRangeFields & { kind?: LedgerKind; wallet?: LedgerWallet };

/** Spending on one Asia/Shanghai day: purchases net of refunds, paid from cash and from vouchers. */
export type DailySpendingWire = { Date: string; Cash: string; Voucher: string };

/** Every day of the range, in order, zero days included. Both ends are required here. */
export type DailySpendingFields = { start_date: string; end_date: string };

export type DailySpendingListWire = { days: DailySpendingWire[] };

/**
 * What may be withdrawn now (docs/decisions/032): min(cash balance, cash topped
 * up by payment − cash spent net of refunds − cash withdrawn or held), never
 * below 0; coupons, vouchers and credit never count.
 */
export type RefundableWire = {
  Refundable: string;
  Money: string;
  /** Held by withdrawals still pending. */
  Pending: string;
};

export type WithdrawalWire = {
  Id: number;
  Amount: string;
  Status: WithdrawalStatus;
  Destination: string;
  /** What is paid out: refundable cash (held from the balance) or a sales partner's commission (decision 124). */
  Source: "cash" | "commission";
  /** The operator's reason when rejected. */
  Reason: string | null;
  CreatedAt: string;
  DecidedAt: string | null;
};

export type WithdrawalCreateFields = {
  /** Yuan as typed (spec §5's amount rule). */
  amount: string;
  /** Where the money goes: bank, account number and holder, in the user's words (up to 200 characters). */
  destination: string;
  /** The form's hidden key: asking twice with one key holds the amount once. */
  idempotency_key: string;
};

export type WithdrawalIdFields = { id: number };

/** Every finance call of the main API, by path under /api. */
export type FinanceCalls = {
  "/get_order": MainApiCall<OrderListFields, PageWire<OrderItemWire>, "required">;
  "/get_wallet_balance_change_list": MainApiCall<BalanceChangeListFields, PageWire<BalanceChangeWire>, "required">;
  "/get_wallet_balance_change_export": MainApiCall<BalanceChangeExportFields, BalanceChangeExportWire, "required">;
  "/get_wallet_daily_spending": MainApiCall<DailySpendingFields, DailySpendingListWire, "required">;
  "/withdraw/get_refundable": MainApiCall<NoFields, RefundableWire, "required">;
  "/withdraw/create": MainApiCall<WithdrawalCreateFields, WithdrawalWire, "required">;
  "/withdraw/get_list": MainApiCall<PageFields, PageWire<WithdrawalWire>, "required">;
  "/withdraw/get_detail": MainApiCall<WithdrawalIdFields, WithdrawalWire, "required">;
};
