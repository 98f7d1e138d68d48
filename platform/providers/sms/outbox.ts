import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { smsOutbox } from "../../db/schema";
import type { SmsMessage, SmsNotice, SmsProvider } from "./types";

/**
 * The sandbox SMS gateway: instead of delivering, it keeps each message in an
 * outbox table (shared by every replica) and logs it, so a tester can read codes
 * at /sandbox/sms.
 */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {}

  async sendCode(message: SmsMessage): Promise<void> {
    await this.db.insert(smsOutbox).values(message);
    this.log(`[sms:sandbox] to=${message.phone} purpose=${message.purpose} code=${message.code}`);
  }

  /** A notice is kept like a code: `purpose` is the template, `code` its variables as `name=value` pairs. */
  async sendNotice(notice: SmsNotice): Promise<void> {
    const code = Object.entries(notice.params)
      .map(([name, value]) => `${name}=${value}`)
      .join(" ");
    await this.db.insert(smsOutbox).values({ phone: notice.phone, purpose: notice.template, code });
    this.log(`[sms:sandbox] to=${notice.phone} notice=${notice.template} ${code}`);
  }
}

export interface OutboxEntry {
  phone: string;
  code: string;
  purpose: string;
  sentAt: string;
}

/** Recent sandbox messages, newest first; filtered by phone when given. */
export async function readOutbox(db: Db, phone?: string, limit = 50): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(phone ? eq(smsOutbox.phone, phone) : undefined)
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
  return rows.map((r) => ({ phone: r.phone, code: r.code, purpose: r.purpose, sentAt: r.sentAt.toISOString() }));
}
