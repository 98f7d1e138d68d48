import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import type { INSTANCE_EVENT_KINDS } from "../contract/instances-timeline";

/*
 * The instance log (issue 36 §2 "Logs", decision 082): one row per lifecycle
 * event of an instance (what the user asked for, what the fleet or a job did),
 * with who did it and a Chinese sentence a user reads as it is. Charges are not
 * copied here: the log call merges the instance's purchase orders and hourly
 * settlements in at read time, so a charge has one home (the ledger's).
 *
 * No foreign keys, like instance_settlements (decision 049): the rows are
 * written by the statements that change the instance, from rows they hold,
 * and instances are never deleted (migration 0011).
 */

/** Who caused an event: the renter (or a sub-account), the platform's jobs and fleet, or staff. */
export const INSTANCE_EVENT_ACTORS = ["user", "system", "staff"] as const;
export type InstanceEventActor = (typeof INSTANCE_EVENT_ACTORS)[number];

/** What an event records: the wire's list (platform/contract/instances-timeline.ts), so a new kind is added once. */
export type InstanceEventKind = (typeof INSTANCE_EVENT_KINDS)[number];

export const instanceEvents = pgTable(
  "instance_events",
  {
    id: id(),
    instanceId: bigint("instance_id", { mode: "number" }).notNull(),
    /** The instance's owner (main account): the log is read scoped by it. */
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** What happened: one of INSTANCE_EVENT_KINDS (a CHECK on its shape only, so new kinds need no migration). */
    kind: text("kind").notNull(),
    actor: text("actor", { enum: INSTANCE_EVENT_ACTORS }).notNull(),
    /** The sentence the log shows, e.g. 用户申请关机. */
    text: text("text").notNull(),
    /** Money the event moved (a charge or a refund), in fen; null when none. */
    amountFen: bigint("amount_fen", { mode: "number" }),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("instance_events_instance_idx").on(t.instanceId, t.createdAt, t.id),
    check("instance_events_actor_known", sql`${t.actor} in ('user', 'system', 'staff')`),
    check("instance_events_kind_shape", sql`${t.kind} ~ '^[a-z_]{1,40}$'`),
    check("instance_events_amount_nonneg", sql`${t.amountFen} is null or ${t.amountFen} >= 0`),
  ],
);

export const timelineSchema = { instanceEvents };
