import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";

/*
 * Points (issue 39 §3, docs/decisions/111): a ledger like the money ledger. Each entry moves one main account's
 * points by a signed amount and records the balance after it; entries are idempotent by an operation key unique per
 * account. A positive entry is also a lot: what of it is still unspent (`remaining`) and when it expires. Spending
 * takes from the lots that expire first; the expiry job writes one negative entry for what a lot still held.
 */
export const POINT_ENTRY_KINDS = ["earn", "event", "prize", "exchange", "expire", "clawback", "adjustment"] as const;
export type PointEntryKind = (typeof POINT_ENTRY_KINDS)[number];

/** One row per account that ever had points: its balance, and the row a points change locks first. */
export const pointBalances = pgTable(
  "point_balances",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id),
    points: integer("points").notNull().default(0),
  },
  (t) => [check("point_balances_nonneg", sql`${t.points} >= 0`)],
);

export const pointEntries = pgTable(
  "point_entries",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: POINT_ENTRY_KINDS }).notNull(),
    points: integer("points").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    /** A positive entry's unspent, unexpired part; 0 on negative entries. */
    remaining: integer("remaining").notNull().default(0),
    /** When a positive entry's remaining points expire; null on negative entries. */
    expiresAt: at("expires_at"),
    operationKey: text("operation_key").notNull(),
    /** What the points are for: "ledger:<id>" (spending), "exchange:<order>", "draw:<id>", … */
    refersTo: text("refers_to").notNull(),
    note: text("note"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("point_entries_operation_uq").on(t.userId, t.operationKey),
    index("point_entries_user_idx").on(t.userId, t.id),
    index("point_entries_open_lots_idx")
      .on(t.userId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check("point_entries_nonzero", sql`${t.points} <> 0`),
    check("point_entries_balance_nonneg", sql`${t.balanceAfter} >= 0`),
    check(
      "point_entries_lot",
      sql`(${t.points} > 0 and ${t.remaining} between 0 and ${t.points} and ${t.expiresAt} is not null)
        or (${t.points} < 0 and ${t.remaining} = 0 and ${t.expiresAt} is null)`,
    ),
    check(
      "point_entries_kind_known",
      sql`${t.kind} in ('earn', 'event', 'prize', 'exchange', 'expire', 'clawback', 'adjustment')`,
    ),
    check("point_entries_key_length", sql`length(${t.operationKey}) between 1 and 128`),
  ],
);

export const pointsSchema = { pointBalances, pointEntries };
