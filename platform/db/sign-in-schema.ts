import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { subAccounts, users } from "./schema";

/*
 * Sign-ins of an account (issue 38 §1): one row per attempt that named an existing account (a phone nobody holds
 * leaves no row: there is no account to show it to), with the method, the result, and where it came from. The
 * account's security page lists the last 20; rows older than LOGIN_RECORD_KEEP_DAYS are deleted by a job.
 */

export const SIGN_IN_METHODS = ["password", "code", "sub_account", "register"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SIGN_IN_RESULTS = ["ok", "failed"] as const;
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
    check("sign_in_records_method_known", sql`${t.method} in ('password', 'code', 'sub_account', 'register')`),
    check("sign_in_records_result_known", sql`${t.result} in ('ok', 'failed')`),
  ],
);

export const signInSchema = { signInRecords };
