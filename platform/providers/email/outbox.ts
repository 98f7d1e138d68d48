import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox, type SandboxAttachment } from "../../db/schema";
import type { EmailMessage, EmailProvider } from "./types";

/**
 * The sandbox mail server: instead of delivering, it keeps each message in an
 * outbox table (shared by every replica) and logs one line, so a tester can
 * read it at /sandbox/email. Of an attachment it keeps the name, type, size and
 * SHA-256, enough to check it is the file that was meant.
 */
export class OutboxEmailProvider implements EmailProvider {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const attachments: SandboxAttachment[] = (message.attachments ?? []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      bytes: file.content.byteLength,
      sha256: createHash("sha256").update(file.content).digest("hex"),
    }));
    await this.db
      .insert(emailOutbox)
      .values({ toAddress: message.to, subject: message.subject, body: message.text, attachments });
    const files = attachments.map((a) => ` attachment=${a.filename}`).join("");
    this.log(`[email:sandbox] to=${message.to} subject=${message.subject}${files}`);
  }
}

export interface EmailOutboxEntry {
  to: string;
  subject: string;
  body: string;
  attachments: SandboxAttachment[];
  sentAt: string;
}

/** Recent sandbox email, newest first; filtered by recipient when given. */
export async function readEmailOutbox(db: Db, to?: string, limit = 50): Promise<EmailOutboxEntry[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(to ? eq(emailOutbox.toAddress, to) : undefined)
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
  return rows.map((r) => ({
    to: r.toAddress,
    subject: r.subject,
    body: r.body,
    attachments: r.attachments,
    sentAt: r.sentAt.toISOString(),
  }));
}
