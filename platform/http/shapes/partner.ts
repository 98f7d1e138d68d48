import type {
  CommissionEntryWire,
  CommissionWithdrawalWire,
  IncomeSummaryWire,
  PartnerStandingWire,
  ReferredAccountWire,
} from "../../contract/partner";
import type { CommissionEntry, CommissionWithdrawal, IncomeSummary } from "../../modules/partner/income";
import type { PartnerStanding, ReferredAccount } from "../../modules/partner/partners";
import { fenToYuan } from "../../rules/money";

export const toPartnerStanding = (s: PartnerStanding): PartnerStandingWire => ({
  Verified: s.verified,
  IsPartner: s.partner !== null,
  Code: s.partner?.code ?? null,
});

export const toReferredAccount = (r: ReferredAccount): ReferredAccountWire => ({
  Phone: r.maskedPhone,
  RegisteredAt: r.registeredAt.toISOString(),
  ActiveUntil: r.activeUntil.toISOString(),
});

export const toIncomeSummary = (s: IncomeSummary): IncomeSummaryWire => ({
  Pending: fenToYuan(s.pendingFen),
  Settled: fenToYuan(s.settledFen),
  Withdrawn: fenToYuan(s.withdrawnFen),
  Available: fenToYuan(s.availableFen),
  MonthSpend: fenToYuan(s.monthSpendFen),
  MonthRateBp: s.monthRateBp,
});

export const toCommissionEntry = (e: CommissionEntry): CommissionEntryWire => ({
  Id: e.id,
  Phone: e.maskedPhone,
  Month: e.month,
  SpentAt: e.spentAt.toISOString(),
  Amount: fenToYuan(e.amountFen),
  State: e.state,
  RateBp: e.rateBp,
});

export const toCommissionWithdrawal = (w: CommissionWithdrawal): CommissionWithdrawalWire => ({
  Id: w.id,
  Amount: fenToYuan(w.amountFen),
  Destination: w.destination,
  Status: w.status,
  Account: w.account,
  Reason: w.reason,
  CreatedAt: w.createdAt.toISOString(),
  Replayed: w.replayed,
});
