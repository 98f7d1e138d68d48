import { messageDeliveries } from "../../db/delivery-schema";
import { afterCommit } from "../../db/tx";
import type { SmsNotice } from "../../providers/sms/types";
import type { EmailMessage } from "../../providers/email/types";
import type { Ctx } from "../context";
import { deliverSoon } from "./soon";

/**
 * Queues messages in the delivery outbox with `ctx.db`, so inside a
 * transaction they are written with the business change and land or vanish
 * with it. Once that transaction commits (right away outside one), the
 * deliverer runs, outside every transaction (decision 058).
 */
export async function queueDeliveries(ctx: Ctx, rows: (typeof messageDeliveries.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.db.insert(messageDeliveries).values(rows);
  afterCommit(ctx.db, (db) => void deliverSoon({ ...ctx, db }));
}

/** An SMS notice (a template and its variables) to one phone. */
export const smsDelivery = (notice: SmsNotice, now: Date): typeof messageDeliveries.$inferInsert => ({
  channel: "sms",
  recipient: notice.phone,
  subject: notice.template,
  payload: notice.params,
  nextAttemptAt: now,
  createdAt: now,
});

/**
 * A file an email carries, by its key in storage: the deliverer reads it when it sends (./deliver.ts), so the outbox
 * row holds a reference, not the bytes.
 */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

/** A plain-text email to one address, with at most one stored file. */
export const emailDelivery = (
  message: Omit<EmailMessage, "attachments"> & { attachment?: StoredAttachment },
  now: Date,
): typeof messageDeliveries.$inferInsert => ({
  channel: "email",
  recipient: message.to,
  subject: message.subject,
  payload: {
    text: message.text,
    ...(message.attachment && {
      attachment_key: message.attachment.storageKey,
      attachment_name: message.attachment.filename,
      attachment_type: message.attachment.contentType,
    }),
  },
  nextAttemptAt: now,
  createdAt: now,
});
