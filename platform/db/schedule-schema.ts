import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { instances } from "./market-schema";

/*
 * Scheduled shutdown (定时关机, issue 36 §2, decision 087): a running instance
 * stops once at a minute its owner chose. At most one pending row per instance
 * (the partial unique index): changing the time updates it. A row ends once:
 * fired by the job (platform/modules/instances/schedule-fire.ts), cancelled by
 * the user, or cancelled by any stop or release of the instance first (the
 * trigger appended to the migration), so it never fires on a later start.
 */

export const SHUTDOWN_STATES = ["pending", "fired", "cancelled"] as const;
export type ShutdownState = (typeof SHUTDOWN_STATES)[number];

/** Why a shutdown was cancelled: the user cancelled it, or the instance stopped (or was released) before it. */
export const SHUTDOWN_CANCEL_REASONS = ["user", "stopped"] as const;
export type ShutdownCancelReason = (typeof SHUTDOWN_CANCEL_REASONS)[number];

export const scheduledShutdowns = pgTable(
  "scheduled_shutdowns",
  {
    id: id(),
    instanceId: bigint("instance_id", { mode: "number" })
      .notNull()
      .references(() => instances.id),
    /** The instance's owner (main account): read scoped by it, as the instance. */
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** The minute it stops the instance (seconds zero). */
    fireAt: at("fire_at").notNull(),
    state: text("state", { enum: SHUTDOWN_STATES }).notNull().default("pending"),
    cancelReason: text("cancel_reason", { enum: SHUTDOWN_CANCEL_REASONS }),
    createdAt: at("created_at").notNull(),
    /** When it was last set or changed. */
    updatedAt: at("updated_at").notNull(),
    /** When it fired or was cancelled. */
    endedAt: at("ended_at"),
  },
  (t) => [
    uniqueIndex("scheduled_shutdowns_pending_uq")
      .on(t.instanceId)
      .where(sql`${t.state} = 'pending'`),
    index("scheduled_shutdowns_due_idx")
      .on(t.fireAt)
      .where(sql`${t.state} = 'pending'`),
    index("scheduled_shutdowns_instance_idx").on(t.instanceId, t.id),
    check("scheduled_shutdowns_state_known", sql`${t.state} in ('pending', 'fired', 'cancelled')`),
    check(
      "scheduled_shutdowns_ended_shape",
      sql`(${t.state} = 'pending') = (${t.endedAt} is null)
        and (${t.state} = 'cancelled') = (${t.cancelReason} is not null)
        and (${t.cancelReason} is null or ${t.cancelReason} in ('user', 'stopped'))`,
    ),
    check("scheduled_shutdowns_whole_minute", sql`extract(second from ${t.fireAt}) = 0`),
  ],
);

export const scheduleSchema = { scheduledShutdowns };
