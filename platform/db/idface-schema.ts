import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";
import { verificationEntries, verificationFiles } from "./verification-schema";

/*
 * Personal verification by ID card and face (issue 37 §1, decision 099).
 *
 * An ID card reading is what OCR read from one uploaded side, sealed (context "id-card-reading:<file id>"), so the
 * page can show it again after a refresh (`ocr-result`) without a second paid OCR call; it goes when an application
 * names the file (the confirmed values are then the entry's) and a day after it was read at the latest.
 *
 * A face check is one liveness session started for a pending id_face entry: the provider's session id and the link
 * the user opens on a phone; `state` follows the provider's answer once polled. One pending check per entry.
 */

export const ID_CARD_SIDES = ["front", "back"] as const;
export type IdCardSide = (typeof ID_CARD_SIDES)[number];

export const idCardReadings = pgTable(
  "id_card_readings",
  {
    fileId: bigint("file_id", { mode: "number" })
      .primaryKey()
      .references(() => verificationFiles.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    side: text("side", { enum: ID_CARD_SIDES }).notNull(),
    /** Sealed JSON of what was read (front: name and ID number; back: issuing authority and validity). */
    readingSealed: text("reading_sealed").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("id_card_readings_created_idx").on(t.createdAt),
    check("id_card_readings_side_known", sql`${t.side} in ('front', 'back')`),
    check("id_card_readings_sealed", sql`${t.readingSealed} like 'pd1.%'`),
  ],
);

export const FACE_CHECK_STATES = ["pending", "passed", "failed"] as const;
export type FaceCheckState = (typeof FACE_CHECK_STATES)[number];

export const faceChecks = pgTable(
  "face_checks",
  {
    id: id(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => verificationEntries.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The provider's session id (polled with FaceProvider.result). */
    sessionId: text("session_id").notNull(),
    /** Where the user's phone goes (shown as a QR code and a link). */
    url: text("url").notNull(),
    state: text("state", { enum: FACE_CHECK_STATES }).notNull().default("pending"),
    /** The provider's reason when failed. */
    reason: text("reason"),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    decidedAt: at("decided_at"),
  },
  (t) => [
    uniqueIndex("face_checks_pending_uq")
      .on(t.entryId)
      .where(sql`${t.state} = 'pending'`),
    index("face_checks_entry_idx").on(t.entryId, t.id),
    check("face_checks_state_known", sql`${t.state} in ('pending', 'passed', 'failed')`),
    check(
      "face_checks_decided_shape",
      sql`(${t.state} = 'pending') = (${t.decidedAt} is null) and (${t.state} <> 'failed' or ${t.reason} is not null)`,
    ),
  ],
);

export const idfaceSchema = { idCardReadings, faceChecks };
