import { sql } from "drizzle-orm";
import { check, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "./columns";

/*
 * The sandbox face liveness provider's sessions (issue 37 §4; platform/providers/identity/sandbox-face.ts): a
 * session is started for a person, the tester opens /sandbox/face/<id> (the link a real provider gives, shown as a
 * QR code) and presses 通过 or 不通过; the verification module polls its result. Kept in the database so every
 * replica sees the same answer. The id is random (it is the whole capability of the public page). Nothing that
 * identifies the person is kept: only the masked ID number (3***************4) the page shows.
 */

export const SANDBOX_FACE_STATES = ["pending", "passed", "failed"] as const;
export type SandboxFaceState = (typeof SANDBOX_FACE_STATES)[number];

export const sandboxFaceSessions = pgTable(
  "sandbox_face_sessions",
  {
    /** 32 random bytes, base64url (43 characters): the page's address and the provider's session id. */
    id: text("id").primaryKey(),
    /** The ID number as pages show it (maskIdNumber), never the number. */
    maskedIdNumber: text("masked_id_number").notNull(),
    state: text("state", { enum: SANDBOX_FACE_STATES }).notNull().default("pending"),
    createdAt: at("created_at").notNull(),
    /** 10 minutes after created_at: a session still pending then is failed (expired), and its page says so. */
    expiresAt: at("expires_at").notNull(),
    /** When 通过 or 不通过 was pressed. */
    decidedAt: at("decided_at"),
  },
  (t) => [
    check("sandbox_face_sessions_state_known", sql`${t.state} in ('pending', 'passed', 'failed')`),
    check("sandbox_face_sessions_decided_shape", sql`(${t.state} = 'pending') = (${t.decidedAt} is null)`),
    check("sandbox_face_sessions_expiry_after", sql`${t.expiresAt} > ${t.createdAt}`),
    check("sandbox_face_sessions_id_shape", sql`${t.id} ~ '^[A-Za-z0-9_-]{43}$'`),
    check("sandbox_face_sessions_masked_shape", sql`${t.maskedIdNumber} ~ '^[0-9X][*]{16}[0-9X]$'`),
  ],
);

export const identitySandboxSchema = { sandboxFaceSessions };
