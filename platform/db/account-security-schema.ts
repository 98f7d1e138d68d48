import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { subAccounts, users } from "./schema";

/*
 * Account security (issue 38 §1). Sign-ins of an account (issue 38 §1): one row per attempt that named an existing account (a phone nobody holds
 * leaves no row: there is no account to show it to), with the method, the result, and where it came from. The
 * account's security page lists the last 20; rows older than LOGIN_RECORD_KEEP_DAYS are deleted by a job.
 */

export const SIGN_IN_METHODS = ["password", "code", "sub_account", "register", "wechat"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** "second_step_failed": the password or SMS code was right, the two-step code was not (decision 103). */
export const SIGN_IN_RESULTS = ["ok", "failed", "second_step_failed"] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

export const signInRecords = pgTable(
  "sign_in_records",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The sub-account that signed in (its own list), or null for the main account. */
    subAccountId: bigint("sub_account_id", { mode: "number" }).references(() => subAccounts.id),
    method: text("method", { enum: SIGN_IN_METHODS }).notNull(),
    result: text("result", { enum: SIGN_IN_RESULTS }).notNull(),
    clientAddress: text("client_address"),
    userAgent: text("user_agent"),
    at: at("at").notNull(),
  },
  (t) => [
    index("sign_in_records_user_idx").on(t.userId, t.subAccountId, t.at),
    index("sign_in_records_at_idx").on(t.at),
    check(
      "sign_in_records_method_known",
      sql`${t.method} in ('password', 'code', 'sub_account', 'register', 'wechat')`,
    ),
    check("sign_in_records_result_known", sql`${t.result} in ('ok', 'failed', 'second_step_failed')`),
  ],
);

/**
 * A proof that the account's owner has its old phone (issue 38 §1, 更换手机号): the old number's change_phone code
 * was right, so the next step may set a new number. Only the ticket's hash is kept; it lasts 15 minutes and is used
 * once. The page carries it in a hidden field (never in a URL).
 */
export const phoneChangeTickets = pgTable(
  "phone_change_tickets",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    ticketHash: text("ticket_hash").notNull(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [
    uniqueIndex("phone_change_tickets_hash_uq").on(t.ticketHash),
    index("phone_change_tickets_user_idx").on(t.userId),
  ],
);

export const accountSecuritySchema = { signInRecords, phoneChangeTickets };
