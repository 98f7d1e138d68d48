import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";
import { verificationEntries } from "./verification-schema";

/*
 * Student verification (issue 37 §1, decision 101): what a student entry says beyond the entry itself, and the
 * codes sent to school mailboxes. The student number is sealed like the entry's other values (context
 * "verification:<entry id>:student_number"); the mailbox address is not kept, only its domain (which school).
 */

/** One student entry's details (an entry of kind student, method mailbox or card). */
export const studentDetails = pgTable(
  "student_details",
  {
    entryId: bigint("entry_id", { mode: "number" })
      .primaryKey()
      .references(() => verificationEntries.id),
    school: text("school").notNull(),
    /** Sealed ("verification:<entry id>:student_number"). */
    studentNumberSealed: text("student_number_sealed"),
    enrolmentYear: integer("enrolment_year").notNull(),
    graduationYear: integer("graduation_year").notNull(),
    /** The school mailbox's domain (method mailbox): pku.edu.cn. */
    mailboxDomain: text("mailbox_domain"),
  },
  (t) => [
    check("student_details_years", sql`${t.graduationYear} > ${t.enrolmentYear}`),
    check("student_details_sealed", sql`${t.studentNumberSealed} is null or ${t.studentNumberSealed} like 'pd1.%'`),
  ],
);

/**
 * A code sent to a school mailbox, with the details it will verify once typed back: the code's hash (bound to the
 * account), tries left, expiry, and when it was used. The newest unused one of an account is the one that counts.
 */
export const studentMailboxCodes = pgTable(
  "student_mailbox_codes",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    school: text("school").notNull(),
    /** Sealed ("student-mailbox-code:<id>:student_number"). */
    studentNumberSealed: text("student_number_sealed").notNull(),
    enrolmentYear: integer("enrolment_year").notNull(),
    graduationYear: integer("graduation_year").notNull(),
    mailboxDomain: text("mailbox_domain").notNull(),
    tries: integer("tries").notNull().default(0),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("student_mailbox_codes_user_idx").on(t.userId, t.createdAt)],
);

export const studentSchema = { studentDetails, studentMailboxCodes };
