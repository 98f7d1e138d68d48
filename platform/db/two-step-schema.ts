import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import type { SignInMethod } from "./account-security-schema";
import { users } from "./schema";

/*
 * Two-step login (issue 38 §1, docs/decisions/103). A main account that turned it on signs in with its password or SMS
 * code, then with a code of its authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps) or one of its recovery
 * codes.
 */

/** The account's TOTP secret, sealed at rest (personal-data-cipher, context "two-step:<user id>"); one row while on. */
export const twoStepSecrets = pgTable(
  "two_step_secrets",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id),
    secretSealed: text("secret_sealed").notNull(),
    enabledAt: at("enabled_at").notNull(),
    /** The time step (unix seconds / 30) of the last code accepted: a code of that step or before is refused (replay). */
    lastStep: bigint("last_step", { mode: "number" }).notNull(),
  },
  (t) => [check("two_step_secrets_last_step_positive", sql`${t.lastStep} >= 0`)],
);

/** Ten recovery codes per account, shown once; only their SHA-256 is kept; each works once. */
export const twoStepRecoveryCodes = pgTable(
  "two_step_recovery_codes",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    createdAt: at("created_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [
    index("two_step_recovery_codes_user_idx").on(t.userId),
    uniqueIndex("two_step_recovery_codes_user_hash_uq").on(t.userId, t.codeHash),
  ],
);

/**
 * A pending login (decision 103): the password or SMS code was right and the account asks for its second step. The
 * ticket (random, 256 bits) goes to the client once; only its hash is kept. It lasts 5 minutes, is used once, and is
 * burnt after 5 wrong codes.
 */
export const secondStepTickets = pgTable(
  "second_step_tickets",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    ticketHash: text("ticket_hash").notNull(),
    /** How the first step signed in (any login path), for the sign-in record written when the second step passes. */
    method: text("method").$type<SignInMethod>().notNull(),
    failures: integer("failures").notNull().default(0),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [
    uniqueIndex("second_step_tickets_hash_uq").on(t.ticketHash),
    index("second_step_tickets_user_idx").on(t.userId),
    check("second_step_tickets_failures_range", sql`${t.failures} >= 0`),
  ],
);

export const twoStepSchema = { twoStepSecrets, twoStepRecoveryCodes, secondStepTickets };
