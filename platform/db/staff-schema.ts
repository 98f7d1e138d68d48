import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";

/**
 * What a staff member may do (DESIGN.md "Staff"): agents answer, leads also manage, editors write the public
 * content (docs, datasets, software, AI models), reviewers decide real-name verification applications (issue 37),
 * finance issue invoices and see the sales partners, marketing (运营) run the points store and the raffle
 * (docs/decisions/125), admins may do everything.
 */
export const STAFF_ROLES = ["agent", "lead", "editor", "reviewer", "finance", "marketing", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Support staff and operators: never user accounts (docs/decisions/039). Created
 * and disabled with `npm run ops -- staff add|disable`; the password is hashed
 * as the users' are (argon2id, platform/modules/accounts/passwords.ts).
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: id(),
    login: text("login").notNull(),
    displayName: text("display_name").notNull(),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    disabledAt: at("disabled_at"),
  },
  (t) => [
    uniqueIndex("staff_accounts_login_uq").on(t.login),
    check(
      "staff_accounts_role_ck",
      sql`${t.role} in ('agent', 'lead', 'editor', 'reviewer', 'finance', 'marketing', 'admin')`,
    ),
  ],
);

/** Staff sessions: a random 256-bit token of which only the hash is kept, with idle and absolute expiry. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
  },
  (t) => [uniqueIndex("staff_sessions_token_hash_uq").on(t.tokenHash), index("staff_sessions_staff_idx").on(t.staffId)],
);

/**
 * Every staff action: who, what, on what, before and after, when. Written in
 * the same transaction as the change it records (platform/modules/staff/audit.ts).
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: id(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staffAccounts.id),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    index("staff_audit_target_idx").on(t.targetType, t.targetId, t.id),
    index("staff_audit_staff_idx").on(t.staffId, t.id),
  ],
);
