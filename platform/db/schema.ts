import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";

const fen = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/** A main account: personal or enterprise. Balances are integer fen. */
export const users = pgTable(
  "users",
  {
    id: id(),
    phone: text("phone").notNull(),
    passwordHash: text("password_hash").notNull(),
    kind: text("kind", { enum: ["personal", "enterprise"] })
      .notNull()
      .default("personal"),
    nickname: text("nickname").notNull(),
    companyName: text("company_name"),
    creditCode: text("credit_code"),
    contactName: text("contact_name"),
    noticeEmail: text("notice_email"),
    /** When the owner opened the confirmation link sent to the notice email; null until then (decision 059). */
    noticeEmailConfirmedAt: at("notice_email_confirmed_at"),
    /** SHA-256 of the latest confirmation link's token (the token itself is only in the email), and its expiry. */
    noticeEmailTokenHash: text("notice_email_token_hash"),
    noticeEmailTokenExpiresAt: at("notice_email_token_expires_at"),
    eventChannel: text("event_channel").notNull().default("dl"),
    bdVid: text("bd_vid"),
    moneyFen: fen("money_fen"),
    powerMoneyFen: fen("power_money_fen"),
    creditQuotaFen: fen("credit_quota_fen"),
    accumulatedTopUpFen: fen("accumulated_top_up_fen"),
    /**
     * What identity verification proved: a person, a student or an enterprise;
     * null while unverified. Coupons target by it (TargetUserVerifyType).
     */
    verifiedAs: text("verified_as", { enum: ["personal", "student", "enterprise"] }),
    createdAt: at("created_at").notNull().defaultNow(),
    closedAt: at("closed_at"),
  },
  (t) => [
    uniqueIndex("users_notice_email_token_uq")
      .on(t.noticeEmailTokenHash)
      .where(sql`${t.noticeEmailTokenHash} is not null`),
    uniqueIndex("users_phone_open_uq")
      .on(t.phone)
      .where(sql`${t.closedAt} is null`),
    check("users_power_money_nonneg", sql`${t.powerMoneyFen} >= 0`),
    check("users_credit_quota_nonneg", sql`${t.creditQuotaFen} >= 0`),
    check("users_money_within_credit", sql`${t.moneyFen} >= -${t.creditQuotaFen}`),
    check("users_accumulated_nonneg", sql`${t.accumulatedTopUpFen} >= 0`),
    check("users_verified_as_known", sql`${t.verifiedAs} in ('personal', 'student', 'enterprise')`),
  ],
);

/** A sub-account spends its main account's money up to a limit. */
export const subAccounts = pgTable(
  "sub_accounts",
  {
    id: id(),
    mainUserId: bigint("main_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    moneyLimitFen: fen("money_limit_fen"),
    moneyUsedFen: fen("money_used_fen"),
    createdAt: at("created_at").notNull().defaultNow(),
    disabledAt: at("disabled_at"),
  },
  (t) => [
    uniqueIndex("sub_accounts_main_name_uq").on(t.mainUserId, t.name),
    check("sub_accounts_limit_nonneg", sql`${t.moneyLimitFen} >= 0`),
    check("sub_accounts_used_nonneg", sql`${t.moneyUsedFen} >= 0`),
  ],
);

/** Only the SHA-256 of a session token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    subAccountId: bigint("sub_account_id", { mode: "number" }).references(() => subAccounts.id),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    /** Where and with what the session was started (issue 38: the list of signed-in devices); display only. */
    clientAddress: text("client_address"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_hash_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** One-time SMS codes; only the hash of the code is kept. */
export const verifyCodes = pgTable(
  "verify_codes",
  {
    id: id(),
    phone: text("phone").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    sentAt: at("sent_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
  },
  (t) => [index("verify_codes_phone_idx").on(t.phone, t.sentAt)],
);

/**
 * Rate-limit counters, shared by every replica: hits of one bucket (e.g. failed
 * logins) for one subject (a phone, an address, "*" for the whole site) within
 * one fixed window that starts at `windowStart` (docs/decisions/025).
 */
export const rateCounters = pgTable(
  "rate_counters",
  {
    bucket: text("bucket").notNull(),
    subject: text("subject").notNull(),
    windowStart: at("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.subject, t.windowStart] }),
    index("rate_counters_window_idx").on(t.windowStart),
    check("rate_counters_hits_positive", sql`${t.hits} > 0`),
  ],
);

/**
 * A CAPTCHA challenge: an image code (its answer hashed) and a proof-of-work
 * puzzle with its own HMAC secret. Either answer passes it, once, before it expires.
 */
export const captchaChallenges = pgTable(
  "captcha_challenges",
  {
    id: text("id").primaryKey(),
    answerHash: text("answer_hash").notNull(),
    powSecret: text("pow_secret").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("captcha_challenges_expires_idx").on(t.expiresAt)],
);

/** The sandbox SMS provider's outbox: what a real gateway would have delivered. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: id(),
    phone: text("phone").notNull(),
    purpose: text("purpose").notNull(),
    code: text("code").notNull(),
    sentAt: at("sent_at").notNull().defaultNow(),
  },
  (t) => [index("sms_outbox_phone_idx").on(t.phone, t.sentAt)],
);

/** The sandbox email provider's outbox: what a real SMTP server would have delivered. */
/** A file a sandbox email carried, as the outbox keeps it. */
export interface SandboxAttachment {
  filename: string;
  contentType: string;
  bytes: number;
  sha256: string;
}

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The files it carried: name, type, size and SHA-256 (the sandbox shows them; the bytes stay in storage). */
    attachments: jsonb("attachments").$type<SandboxAttachment[]>().notNull().default([]),
    sentAt: at("sent_at").notNull().defaultNow(),
  },
  (t) => [index("email_outbox_to_idx").on(t.toAddress, t.sentAt)],
);

/** Site-wide notices (公告), written in markdown. Banners are notices with an image. */
export const notices = pgTable("notices", {
  id: id(),
  title: text("title").notNull(),
  summary: text("summary").notNull().default(""),
  content: text("content").notNull(),
  bannerImage: text("banner_image"),
  bannerLink: text("banner_link"),
  publishedAt: at("published_at").notNull().defaultNow(),
});

/**
 * Per-user notifications (通知): Title and Original. A row with a
 * sub_account_id is that sub-account's own; one without is the main
 * account's, which its sub-accounts never see (docs/decisions/028).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    subAccountId: bigint("sub_account_id", { mode: "number" }).references(() => subAccounts.id),
    title: text("title").notNull(),
    original: text("original").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    readAt: at("read_at"),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * Per-user messages (消息): CreateAt and Message, shown to users with a phone.
 * Scoped like notifications: sub_account_id set for a sub-account's own.
 */
export const messages = pgTable(
  "messages",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    subAccountId: bigint("sub_account_id", { mode: "number" }).references(() => subAccounts.id),
    message: text("message").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    readAt: at("read_at"),
  },
  (t) => [
    index("messages_user_idx").on(t.userId, t.createdAt),
    index("messages_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * The money ledger (docs/decisions/029-ledger.md): append-only. Each entry moves one wallet of one main account by a
 * signed amount and records the balance after it. Entries posted together share an operation key, unique per
 * account, which makes every money movement idempotent.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    /** No foreign key (decision 049): writers lock the user's row first, and users are never deleted. */
    userId: bigint("user_id", { mode: "number" }).notNull(),
    wallet: text("wallet", { enum: ["cash", "voucher", "credit"] }).notNull(),
    kind: text("kind", {
      enum: ["top_up", "purchase", "refund", "coupon", "voucher", "credit", "withdrawal", "adjustment", "commission"],
    }).notNull(),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    balanceAfterFen: bigint("balance_after_fen", { mode: "number" }).notNull(),
    operationKey: text("operation_key").notNull(),
    /** Position within its operation (0, 1, …): an operation may move several wallets. */
    seq: integer("seq").notNull(),
    /** What the movement is for: "recharge:<out_trade_no>", "instance:<id>", … */
    refersTo: text("refers_to").notNull(),
    note: text("note"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_entries_operation_uq").on(t.userId, t.operationKey, t.seq),
    index("ledger_entries_user_idx").on(t.userId, t.id),
    check("ledger_entries_amount_nonzero", sql`${t.amountFen} <> 0`),
    check("ledger_entries_wallet_known", sql`${t.wallet} in ('cash', 'voucher', 'credit')`),
    check(
      "ledger_entries_kind_known",
      sql`${t.kind} in ('top_up', 'purchase', 'refund', 'coupon', 'voucher', 'credit', 'withdrawal', 'adjustment', 'commission')`,
    ),
    check("ledger_entries_seq_nonneg", sql`${t.seq} >= 0`),
    check("ledger_entries_key_length", sql`length(${t.operationKey}) between 1 and 128`),
    check(
      "ledger_entries_balance_by_wallet",
      sql`(${t.wallet} = 'cash') or (${t.wallet} in ('voucher', 'credit') and ${t.balanceAfterFen} >= 0)`,
    ),
  ],
);

export const schema = {
  ledgerEntries,
  users,
  subAccounts,
  sessions,
  verifyCodes,
  rateCounters,
  captchaChallenges,
  smsOutbox,
  emailOutbox,
  notices,
  notifications,
  messages,
};
