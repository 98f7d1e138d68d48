import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { at, id } from "./columns";

export const DELIVERY_CHANNELS = ["sms", "email"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The delivery outbox (decision 058): an SMS or email a business transaction
 * decided to send, written in that transaction and delivered after its commit
 * by platform/modules/deliveries/deliver.ts. `subject` is the SMS template or
 * the email subject; `payload` the SMS template's variables or `{ text }` of
 * the email. `sending` is committed before the provider is called, so a
 * message is handed to a provider at most once.
 */
export const messageDeliveries = pgTable(
  "message_deliveries",
  {
    id: id(),
    channel: text("channel").$type<DeliveryChannel>().notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    /** Why the last attempt failed: the error's class and the provider's code, never a credential. */
    lastError: text("last_error"),
    createdAt: at("created_at").notNull().defaultNow(),
    sentAt: at("sent_at"),
  },
  (t) => [
    index("message_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check("message_deliveries_channel_known", sql`${t.channel} in ('sms', 'email')`),
    check("message_deliveries_status_known", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

export const deliverySchema = { messageDeliveries };
