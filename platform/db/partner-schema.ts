import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";

/*
 * The sales-partner program (issue 39 §2, docs/decisions/114 and 115): partners, first touches of their referral
 * links, bindings (or refusals) of new accounts, commission entries keyed by the ledger entry they come from,
 * monthly statements, and withdrawals of settled commission.
 */

/** A main account that joined the program. `settled_fen` − `withdrawn_fen` is what it may withdraw. */
export const salesPartners = pgTable(
  "sales_partners",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id),
    code: text("code").notNull(),
    agreedAt: at("agreed_at").notNull(),
    /** The last month settled ("2026-11"), null before the first settlement. */
    settledThrough: text("settled_through"),
    /** Refunds still to claw back from later months (≤ 0). */
    carryFen: bigint("carry_fen", { mode: "number" }).notNull().default(0),
    settledFen: bigint("settled_fen", { mode: "number" }).notNull().default(0),
    withdrawnFen: bigint("withdrawn_fen", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("sales_partners_code_uq").on(t.code),
    check("sales_partners_carry_nonpos", sql`${t.carryFen} <= 0`),
    check("sales_partners_withdrawn_within", sql`${t.withdrawnFen} >= 0 and ${t.withdrawnFen} <= ${t.settledFen}`),
    check("sales_partners_code_shape", sql`${t.code} ~ '^[A-Z2-9]{8}$'`),
  ],
);

/** A visitor's first touch of a referral link; the browser keeps only the id (an httpOnly cookie). */
export const referralTouches = pgTable(
  "referral_touches",
  {
    id: text("id").primaryKey(),
    partnerUserId: bigint("partner_user_id", { mode: "number" })
      .notNull()
      .references(() => salesPartners.userId),
    /** The main account the browser was signed in to when it followed the link (the "device" rule), if any. */
    signedInUserId: bigint("signed_in_user_id", { mode: "number" }),
    /** The sub-account of that main account the browser was signed in as, if it was one. */
    signedInSubAccountId: bigint("signed_in_sub_account_id", { mode: "number" }),
    createdAt: at("created_at").notNull(),
  },
  (t) => [check("referral_touches_id_shape", sql`${t.id} ~ '^[a-f0-9]{32}$'`)],
);

export const REFERRAL_REFUSALS = [
  "same_phone",
  "same_device",
  "sub_account",
  "same_id_number",
  "touch_expired",
] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

/** One new account's binding to a partner, or its refusal with the reason (one row per new account). */
export const referrals = pgTable(
  "referrals",
  {
    referredUserId: bigint("referred_user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id),
    partnerUserId: bigint("partner_user_id", { mode: "number" })
      .notNull()
      .references(() => salesPartners.userId),
    touchId: text("touch_id").notNull(),
    status: text("status", { enum: ["bound", "refused"] }).notNull(),
    reason: text("reason", { enum: REFERRAL_REFUSALS }),
    registeredAt: at("registered_at").notNull(),
    activeUntil: at("active_until").notNull(),
    decidedAt: at("decided_at").notNull(),
  },
  (t) => [
    index("referrals_partner_idx").on(t.partnerUserId, t.registeredAt),
    check("referrals_status_known", sql`${t.status} in ('bound', 'refused')`),
    check("referrals_reason", sql`(${t.status} = 'bound') = (${t.reason} is null)`),
    check("referrals_not_self", sql`${t.partnerUserId} <> ${t.referredUserId}`),
  ],
);

/** A month's settlement for one partner (one row per partner and month). */
export const commissionStatements = pgTable(
  "commission_statements",
  {
    id: id(),
    partnerUserId: bigint("partner_user_id", { mode: "number" })
      .notNull()
      .references(() => salesPartners.userId),
    month: text("month").notNull(),
    spendFen: bigint("spend_fen", { mode: "number" }).notNull(),
    refundFen: bigint("refund_fen", { mode: "number" }).notNull(),
    rateBp: bigint("rate_bp", { mode: "number" }).notNull(),
    carryInFen: bigint("carry_in_fen", { mode: "number" }).notNull(),
    commissionFen: bigint("commission_fen", { mode: "number" }).notNull(),
    settledAt: at("settled_at").notNull(),
  },
  (t) => [
    uniqueIndex("commission_statements_month_uq").on(t.partnerUserId, t.month),
    check("commission_statements_nonneg", sql`${t.commissionFen} >= 0 and ${t.spendFen} >= 0 and ${t.refundFen} >= 0`),
  ],
);

/**
 * A referred account's cash purchase (`spend`) or cash refund (`refund`, clawed back), keyed by its ledger entry;
 * pending until its month's statement settles it.
 */
export const commissionEntries = pgTable(
  "commission_entries",
  {
    id: id(),
    partnerUserId: bigint("partner_user_id", { mode: "number" })
      .notNull()
      .references(() => salesPartners.userId),
    referredUserId: bigint("referred_user_id", { mode: "number" }).notNull(),
    ledgerEntryId: bigint("ledger_entry_id", { mode: "number" }).notNull(),
    kind: text("kind", { enum: ["spend", "refund"] }).notNull(),
    /** The cash moved, positive for both kinds. */
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    month: text("month").notNull(),
    statementId: bigint("statement_id", { mode: "number" }).references(() => commissionStatements.id),
    spentAt: at("spent_at").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("commission_entries_ledger_uq").on(t.ledgerEntryId),
    index("commission_entries_partner_idx").on(t.partnerUserId, t.month),
    check("commission_entries_amount_pos", sql`${t.amountFen} > 0`),
    check("commission_entries_kind_known", sql`${t.kind} in ('spend', 'refund')`),
  ],
);

/** Settled commission taken out: to the wallet at once (`done`), or to a bank account through review. */
export const commissionWithdrawals = pgTable(
  "commission_withdrawals",
  {
    id: id(),
    partnerUserId: bigint("partner_user_id", { mode: "number" })
      .notNull()
      .references(() => salesPartners.userId),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    destination: text("destination", { enum: ["wallet", "bank"] }).notNull(),
    operationKey: text("operation_key").notNull(),
    /** For a bank withdrawal: the withdrawal request it became (platform/modules/wallet/withdrawals.ts). */
    withdrawalId: bigint("withdrawal_id", { mode: "number" }),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("commission_withdrawals_operation_uq").on(t.partnerUserId, t.operationKey),
    index("commission_withdrawals_partner_idx").on(t.partnerUserId, t.id),
    check("commission_withdrawals_amount_pos", sql`${t.amountFen} > 0`),
    check("commission_withdrawals_destination_known", sql`${t.destination} in ('wallet', 'bank')`),
  ],
);

export const partnerSchema = {
  salesPartners,
  referralTouches,
  referrals,
  commissionStatements,
  commissionEntries,
  commissionWithdrawals,
};
