import { sql } from "drizzle-orm";
import { bigint, boolean, check, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at } from "./columns";
import { subAccounts } from "./schema";

/*
 * Sub-accounts' management (issue 38 §3, docs/decisions/107 and 108). A sub-account's permissions and monthly
 * budget live beside its row, not on it: a sub-account without a settings row has the defaults (may rent, no
 * budget), so the rows made before this (and the test fixtures) need nothing.
 */
export const subAccountSettings = pgTable(
  "sub_account_settings",
  {
    subAccountId: bigint("sub_account_id", { mode: "number" })
      .primaryKey()
      .references(() => subAccounts.id),
    mayRent: boolean("may_rent").notNull().default(true),
    /** Whether it sees the main account's notifications too (read-only; decision 107). Its own always. */
    seesMainNotifications: boolean("sees_main_notifications").notNull().default(false),
    /** What it may spend in one calendar month (Asia/Shanghai), in fen; null: no budget, only the limit. */
    monthlyBudgetFen: bigint("monthly_budget_fen", { mode: "number" }),
    /** At 100 % of the budget, stop its running instances too (else they keep running). */
    stopAtBudget: boolean("stop_at_budget").notNull().default(false),
    /** Deleted by its main account (soft: its orders and ledger entries keep naming it; decision 108). */
    deletedAt: at("deleted_at"),
  },
  (t) => [
    check("sub_account_settings_budget_nonneg", sql`${t.monthlyBudgetFen} is null or ${t.monthlyBudgetFen} >= 0`),
  ],
);

/**
 * What a sub-account spent in one month (Asia/Shanghai, "2026-11"), raised in the spend's own transaction while
 * it stays within the budget, and when the 80 % and 100 % messages went out (once per month each).
 */
export const subAccountMonthSpending = pgTable(
  "sub_account_month_spending",
  {
    subAccountId: bigint("sub_account_id", { mode: "number" })
      .notNull()
      .references(() => subAccounts.id),
    month: text("month").notNull(),
    spentFen: bigint("spent_fen", { mode: "number" }).notNull().default(0),
    warnedAt: at("warned_at"),
    reachedAt: at("reached_at"),
    /** When the budget job stopped its running instances ("stop at budget"). */
    stoppedAt: at("stopped_at"),
  },
  (t) => [
    primaryKey({ columns: [t.subAccountId, t.month] }),
    check("sub_account_month_spending_nonneg", sql`${t.spentFen} >= 0`),
    check("sub_account_month_spending_month", sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

export const subAccountBudgetSchema = { subAccountSettings, subAccountMonthSpending };
