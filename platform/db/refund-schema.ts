import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { instances } from "./market-schema";
import { users } from "./schema";

/*
 * Stop with refund (issue 36 §1, decision 080): a package ended early. One
 * row per instance, ever (the unique index): a second request, concurrent or
 * later, finds it and refunds nothing again. The ledger entries it posted carry
 * the operation key `refund:<uuid>`; this row keeps what was computed from what.
 */
export const instanceRefunds = pgTable(
  "instance_refunds",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The sub-account that asked, if one did. */
    subAccountId: bigint("sub_account_id", { mode: "number" }),
    instanceId: bigint("instance_id", { mode: "number" })
      .notNull()
      .references(() => instances.id),
    unusedDays: integer("unused_days").notNull(),
    voucherFen: bigint("voucher_fen", { mode: "number" }).notNull(),
    cashFen: bigint("cash_fen", { mode: "number" }).notNull(),
    /** The refund rule's figures (platform/rules/package-refund.ts PackageRefund) and the paid periods. */
    detail: jsonb("detail").notNull(),
    /** The explanation the ledger entries carry as their note. */
    explanation: text("explanation").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("instance_refunds_instance_uq").on(t.instanceId),
    index("instance_refunds_user_idx").on(t.userId, t.id),
    check("instance_refunds_amounts_nonneg", sql`${t.voucherFen} >= 0 and ${t.cashFen} >= 0`),
    check("instance_refunds_days_nonneg", sql`${t.unusedDays} >= 0`),
  ],
);

export const refundSchema = { instanceRefunds };
