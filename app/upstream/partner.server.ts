import type { PartnerCalls } from "../../platform/contract/partner";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type {
  CommissionEntryWire,
  CommissionWithdrawalWire,
  IncomeSummaryWire,
  IncomeWire,
  PartnerDashboardWire,
  PartnerStandingWire,
  ReferredAccountWire,
} from "../../platform/contract/partner";

/** One partner call, its fields and reply typed by the contract (platform/contract/partner.ts). */
function call<P extends keyof PartnerCalls>(path: P, input: PartnerCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<PartnerCalls[P]["data"]>(path, input, options);
}

export const getPartnerStanding = (session: string) => call("/sales_partner/standing", {}, { session });

export const joinPartnerProgram = (session: string) => call("/sales_partner/join", { agree: "1" }, { session });

export const getPartnerDashboard = (session: string) => call("/sales_partner/dashboard", {}, { session });

/** Records a first touch of a referral link; the session (if any) tells the platform whose browser it is. */
export const touchReferralLink = (code: string, session: string | null) =>
  call("/sales_partner/touch", { code }, session ? { session } : {});

export const getIncome = (session: string) => call("/income/list", {}, { session });

/** Moves settled commission into the balance; `operationKey` comes from the form, so a resubmission moves nothing. */
export const withdrawCommissionToWallet = (session: string, amount: string, operationKey: string) =>
  call("/income/withdraw_to_wallet", { amount, operation_key: operationKey }, { session });

/** Asks to pay settled commission to a bank account; reviewed like a cash withdrawal (decision 124). */
export const withdrawCommissionToBank = (session: string, amount: string, account: string, operationKey: string) =>
  call("/income/withdraw_to_bank", { amount, account, operation_key: operationKey }, { session });
