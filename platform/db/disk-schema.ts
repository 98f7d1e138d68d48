import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { regions } from "./market-schema";
import { users } from "./schema";

/*
 * Cloud disks (issue 36 §1, decision 083): storage an account buys per region,
 * reached over SFTP, independent of instances (it survives their release).
 * One live disk per account and region (partial unique index); its size only
 * grows. After expiry it is read-only for the retention period, then deleted.
 */

/** active: readable and writable; read_only: expired, kept until deleted; deleted: gone (the row stays for history). */
export const CLOUD_DISK_STATES = ["active", "read_only", "deleted"] as const;
export type CloudDiskState = (typeof CLOUD_DISK_STATES)[number];

export const cloudDisks = pgTable(
  "cloud_disks",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    regionId: bigint("region_id", { mode: "number" })
      .notNull()
      .references(() => regions.id),
    sizeGb: integer("size_gb").notNull(),
    usedBytes: bigint("used_bytes", { mode: "number" }).notNull().default(0),
    state: text("state").$type<CloudDiskState>().notNull().default("active"),
    expiresAt: at("expires_at").notNull(),
    /** The smallest number of days before expiry a warning was sent for (7, 3, 1); null: none since the last renewal. */
    warnedDays: integer("warned_days"),
    sftpHost: text("sftp_host").notNull(),
    sftpPort: integer("sftp_port").notNull(),
    sftpUser: text("sftp_user").notNull(),
    sftpPassword: text("sftp_password").notNull(),
    createdAt: at("created_at").notNull(),
    deletedAt: at("deleted_at"),
  },
  (t) => [
    uniqueIndex("cloud_disks_live_uq")
      .on(t.userId, t.regionId)
      .where(sql`${t.state} <> 'deleted'`),
    index("cloud_disks_expiry_idx").on(t.state, t.expiresAt),
    check("cloud_disks_size_range", sql`${t.sizeGb} between 10 and 10240 and ${t.sizeGb} % 10 = 0`),
    check("cloud_disks_used_range", sql`${t.usedBytes} >= 0`),
    check("cloud_disks_state_known", sql`${t.state} in ('active', 'read_only', 'deleted')`),
    check("cloud_disks_warned_known", sql`${t.warnedDays} is null or ${t.warnedDays} in (7, 3, 1)`),
  ],
);

export const diskSchema = { cloudDisks };
