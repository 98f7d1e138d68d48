import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { instances } from "./market-schema";
import { users } from "./schema";

/*
 * A package's GPU downgrade with its refund (issue 36 §1, decision 095). One
 * row per resize form (the unique operation key): the same key again finds it
 * and refunds nothing more. It is a NEGATIVE paid period [period_start,
 * period_end) of the package: stop-with-refund (decision 080) takes its share
 * of the unused days back. The ledger entries carry `downgrade:<key>`.
 */
export const instanceDowngrades = pgTable(
  "instance_downgrades",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The instance's sub-account, if it has one: its used amount dropped by the refund (decision 033). */
    subAccountId: bigint("sub_account_id", { mode: "number" }),
    instanceId: bigint("instance_id", { mode: "number" })
      .notNull()
      .references(() => instances.id),
    /** The resize form's key. */
    operationKey: text("operation_key").notNull(),
    fromGpuCount: integer("from_gpu_count").notNull(),
    toGpuCount: integer("to_gpu_count").notNull(),
    periodStart: at("period_start").notNull(),
    periodEnd: at("period_end").notNull(),
    /** Given back to each wallet; their sum is the refund. */
    voucherFen: bigint("voucher_fen", { mode: "number" }).notNull(),
    cashFen: bigint("cash_fen", { mode: "number" }).notNull(),
    /** The quote (platform/rules/instance-resize.ts quotePackageDowngrade). */
    detail: jsonb("detail").notNull(),
    /** The explanation the ledger entries carry as their note. */
    explanation: text("explanation").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("instance_downgrades_key_uq").on(t.userId, t.operationKey),
    index("instance_downgrades_instance_idx").on(t.instanceId, t.id),
    check("instance_downgrades_amounts_nonneg", sql`${t.voucherFen} >= 0 and ${t.cashFen} >= 0`),
    check("instance_downgrades_fewer_gpus", sql`${t.toGpuCount} >= 1 and ${t.toGpuCount} < ${t.fromGpuCount}`),
    check("instance_downgrades_period", sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

export const downgradeSchema = { instanceDowngrades };
