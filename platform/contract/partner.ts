/**
 * The sales-partner program and income on the wire (issue 39 §2, decisions 114 and 115). Amounts are yuan strings
 * with two decimals, instants ISO strings, rates in basis points. Main accounts only: a sub-account, and a caller
 * that is not a partner, get NOT_FOUND for the partner's data.
 */
import type { MainApiCall, NoFields } from "./calls";

export type PartnerStandingWire = {
  /** Whether the account is verified (only verified main accounts may join). */
  Verified: boolean;
  IsPartner: boolean;
  Code: string | null;
};

export type ReferredAccountWire = { Phone: string; RegisteredAt: string; ActiveUntil: string };

export type IncomeSummaryWire = {
  Pending: string;
  Settled: string;
  Withdrawn: string;
  Available: string;
  /** This month's net referred cash spending and the rate of its tier. */
  MonthSpend: string;
  MonthRateBp: number;
};

export type PartnerDashboardWire = {
  Code: string;
  Referred: ReferredAccountWire[];
  Summary: IncomeSummaryWire;
};

export type CommissionEntryWire = {
  Id: number;
  Phone: string;
  Month: string;
  SpentAt: string;
  Amount: string;
  /** pending 待结算, settled 已结算, clawed_back 已扣回 (a refund). */
  State: "pending" | "settled" | "clawed_back";
  RateBp: number;
};

export type CommissionWithdrawalWire = {
  Id: number;
  Amount: string;
  Destination: "wallet" | "bank";
  /** "done" for a move to the wallet (at once); a bank withdrawal's review otherwise. */
  Status: "done" | "pending" | "approved" | "rejected";
  /** The bank account as the partner gave it (null for the wallet). */
  Account: string | null;
  /** Why the review rejected a bank withdrawal. */
  Reason: string | null;
  CreatedAt: string;
  Replayed: boolean;
};

export type IncomeWire = {
  Summary: IncomeSummaryWire;
  Entries: CommissionEntryWire[];
  Withdrawals: CommissionWithdrawalWire[];
};

export type JoinPartnerFields = { agree?: string };
export type ReferralTouchFields = { code: string };
/** `amount`: yuan; `operation_key`: 8-64 letters, digits, "_" or "-", made when the form renders. */
export type WithdrawCommissionFields = { amount: string; operation_key: string };
/** As to the wallet, with `account`: bank, account number and holder, in the partner's words (up to 200 characters). */
export type WithdrawCommissionToBankFields = WithdrawCommissionFields & { account: string };

export type PartnerCalls = {
  "/sales_partner/standing": MainApiCall<NoFields, PartnerStandingWire, "required">;
  "/sales_partner/join": MainApiCall<JoinPartnerFields, PartnerStandingWire, "required">;
  "/sales_partner/dashboard": MainApiCall<NoFields, PartnerDashboardWire, "required">;
  /** A visitor followed a referral link: the first-touch id to keep (null for an unknown code). */
  "/sales_partner/touch": MainApiCall<ReferralTouchFields, { TouchId: string | null }, "optional">;
  "/income/list": MainApiCall<NoFields, IncomeWire, "required">;
  "/income/withdraw_to_wallet": MainApiCall<WithdrawCommissionFields, CommissionWithdrawalWire, "required">;
  "/income/withdraw_to_bank": MainApiCall<WithdrawCommissionToBankFields, CommissionWithdrawalWire, "required">;
};
