import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { EmailMessage, EmailProvider } from "./types";

/**
 * The sandbox mail server: instead of delivering, it keeps each message in an
 * outbox table (shared by every replica) and logs one line, so a tester can
 * read it at /sandbox/email.
 */
export class OutboxEmailProvider implements EmailProvider {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await this.db.insert(emailOutbox).values({ toAddress: message.to, subject: message.subject, body: message.text });
    this.log(`[email:sandbox] to=${message.to} subject=${message.subject}`);
  }
}

export interface EmailOutboxEntry {
  to: string;
  subject: string;
  body: string;
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
  return rows.map((r) => ({ to: r.toAddress, subject: r.subject, body: r.body, sentAt: r.sentAt.toISOString() }));
}
