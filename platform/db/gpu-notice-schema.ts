import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { hosts, instances } from "./market-schema";
import { subAccounts, users } from "./schema";

/*
 * The GPU free notice (GPU 空闲通知, issue 36 §2, decision 092): on a stopped
 * hourly instance whose host lacks the GPUs to start it, its owner asks to be
 * told once when enough GPUs are free there. At most one waiting notice per
 * instance (the partial unique index). A notice ends once: sent by the job
 * (platform/modules/gpu-notice/send.ts) with a site message and, if chosen, an
 * SMS to the account's own phone and an email to its confirmed notice email;
 * expired 24 hours after it was asked for; cancelled by the user, or by the
 * instance starting, being released, moving host or holding its GPUs again
 * (the trigger appended to the migration). The notice reserves nothing.
 */

export const GPU_NOTICE_STATES = ["waiting", "sent", "expired", "cancelled"] as const;
export type GpuNoticeState = (typeof GPU_NOTICE_STATES)[number];

/**
 * Why a notice was cancelled: the user cancelled it; the instance started, was released, moved to another host, or
 * holds its GPUs again (a renewal into a package) — each makes the notice pointless.
 */
export const GPU_NOTICE_CANCEL_REASONS = ["user", "started", "released", "moved", "gpus_held"] as const;
export type GpuNoticeCancelReason = (typeof GPU_NOTICE_CANCEL_REASONS)[number];

export const gpuFreeNotices = pgTable(
  "gpu_free_notices",
  {
    id: id(),
    instanceId: bigint("instance_id", { mode: "number" })
      .notNull()
      .references(() => instances.id),
    /** The instance's owner (main account): read scoped by it, as the instance. */
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The sub-account that asked, if one did: the site message is its own (decision 028), and it has no SMS or email. */
    subAccountId: bigint("sub_account_id", { mode: "number" }).references(() => subAccounts.id),
    /** The host watched: the instance's host when asked (a move to another host cancels the notice). */
    hostId: bigint("host_id", { mode: "number" })
      .notNull()
      .references(() => hosts.id),
    /** The GPUs the instance needed when asked, for the record; the job compares with its gpu_count as it is then. */
    gpuCount: integer("gpu_count").notNull(),
    /** Also by SMS, to the account's own phone as it is when sent (main accounts only). */
    notifySms: boolean("notify_sms").notNull().default(false),
    /** Also by email, to the account's notice email if it is confirmed when sent (main accounts only). */
    notifyEmail: boolean("notify_email").notNull().default(false),
    state: text("state", { enum: GPU_NOTICE_STATES }).notNull().default("waiting"),
    cancelReason: text("cancel_reason", { enum: GPU_NOTICE_CANCEL_REASONS }),
    createdAt: at("created_at").notNull(),
    /** 24 hours after created_at: a waiting notice is expired then and never sent. */
    expiresAt: at("expires_at").notNull(),
    /** When the job sent it. */
    sentAt: at("sent_at"),
    /** When it was sent, expired or cancelled. */
    endedAt: at("ended_at"),
  },
  (t) => [
    uniqueIndex("gpu_free_notices_waiting_uq")
      .on(t.instanceId)
      .where(sql`${t.state} = 'waiting'`),
    index("gpu_free_notices_waiting_host_idx")
      .on(t.hostId)
      .where(sql`${t.state} = 'waiting'`),
    index("gpu_free_notices_instance_idx").on(t.instanceId, t.id),
    check("gpu_free_notices_state_known", sql`${t.state} in ('waiting', 'sent', 'expired', 'cancelled')`),
    check(
      "gpu_free_notices_end_shape",
      sql`(${t.state} = 'waiting') = (${t.endedAt} is null)
        and (${t.state} = 'sent') = (${t.sentAt} is not null)
        and (${t.state} = 'cancelled') = (${t.cancelReason} is not null)
        and (${t.cancelReason} is null or ${t.cancelReason} in ('user', 'started', 'released', 'moved', 'gpus_held'))`,
    ),
    check("gpu_free_notices_expiry_after", sql`${t.expiresAt} > ${t.createdAt}`),
    check("gpu_free_notices_gpu_count_pos", sql`${t.gpuCount} > 0`),
    check(
      "gpu_free_notices_sub_site_only",
      sql`${t.subAccountId} is null or (not ${t.notifySms} and not ${t.notifyEmail})`,
    ),
  ],
);

export const gpuNoticeSchema = { gpuFreeNotices };
