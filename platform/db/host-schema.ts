import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { hosts, instances } from "./market-schema";
import { users } from "./schema";

/*
 * Migrations of stopped instances to another host (issue 36 §2, decision 086):
 * one row per move, with where from and where to and the SSH ports before and
 * after, so the instance's history keeps every address it had. The form's
 * operation key is unique per account: the same key again answers the first
 * move and moves nothing.
 */
export const instanceMigrations = pgTable(
  "instance_migrations",
  {
    id: id(),
    /** The instance's owner (main account). */
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The sub-account that asked, if one did. */
    subAccountId: bigint("sub_account_id", { mode: "number" }),
    instanceId: bigint("instance_id", { mode: "number" })
      .notNull()
      .references(() => instances.id),
    fromHostId: bigint("from_host_id", { mode: "number" })
      .notNull()
      .references(() => hosts.id),
    toHostId: bigint("to_host_id", { mode: "number" })
      .notNull()
      .references(() => hosts.id),
    fromSshPort: integer("from_ssh_port").notNull(),
    toSshPort: integer("to_ssh_port").notNull(),
    /** Whether the move started the instance on its new host (a stopped hourly instance: decision 086). */
    started: boolean("started").notNull(),
    operationKey: text("operation_key").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("instance_migrations_operation_uq").on(t.userId, t.operationKey),
    index("instance_migrations_instance_idx").on(t.instanceId, t.id),
    check("instance_migrations_other_host", sql`${t.fromHostId} <> ${t.toHostId}`),
  ],
);

export const hostSchema = { instanceMigrations };
