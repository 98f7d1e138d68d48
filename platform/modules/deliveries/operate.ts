import { and, asc, eq, inArray } from "drizzle-orm";
import { messageDeliveries, type DeliveryStatus } from "../../db/delivery-schema";
import { fail } from "../errors";
import type { Ctx } from "../context";

/** The statuses an operator looks at: stuck mid-hand-over (`sending`) or given up (`failed`). */
export const UNDELIVERED_STATUSES = ["sending", "failed"] as const satisfies readonly DeliveryStatus[];
export type UndeliveredStatus = (typeof UNDELIVERED_STATUSES)[number];

/** An outbox row as an operator sees it: the recipient masked, no payload (it may hold a code or a name). */
export interface UndeliveredMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
}

/** 13800001234 → 138****1234; a@example.com → a***@example.com. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf("@");
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  return recipient.length > 7 ? `${recipient.slice(0, 3)}****${recipient.slice(-4)}` : "****";
}

const view = (row: typeof messageDeliveries.$inferSelect): UndeliveredMessage => ({
  id: row.id,
  channel: row.channel,
  recipient: maskRecipient(row.recipient),
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt,
  nextAttemptAt: row.nextAttemptAt,
});

/**
 * The messages that did not reach their provider, oldest first. A `sending`
 * row older than a minute was claimed by a deliverer that died mid-call
 * (decision 058): it may or may not have been sent.
 */
export async function listUndelivered(
  ctx: Ctx,
  statuses: readonly UndeliveredStatus[] = UNDELIVERED_STATUSES,
  limit = 100,
): Promise<UndeliveredMessage[]> {
  const rows = await ctx.db
    .select()
    .from(messageDeliveries)
    .where(inArray(messageDeliveries.status, [...statuses]))
    .orderBy(asc(messageDeliveries.nextAttemptAt), asc(messageDeliveries.id))
    .limit(limit);
  return rows.map(view);
}

/**
 * Puts a `sending` or `failed` message back in the queue with a fresh set of
 * attempts, due now. An operator does this after checking the provider's own
 * log that a `sending` one was not delivered; a sent or pending message is
 * refused, so a message is never queued twice.
 */
export async function requeueDelivery(
  ctx: Ctx,
  id: number,
): Promise<{ before: UndeliveredMessage; after: UndeliveredMessage }> {
  const [row] = await ctx.db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id)).for("update");
  if (!row) return fail("NOT_FOUND", "id", `没有编号为 ${id} 的消息`);
  if (row.status !== "sending" && row.status !== "failed")
    return fail("BAD_REQUEST", "id", `消息 ${id} 的状态是 ${row.status}，只有 sending 或 failed 的消息可以重新排队`);
  const [after] = await ctx.db
    .update(messageDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: ctx.now() })
    .where(and(eq(messageDeliveries.id, id), eq(messageDeliveries.status, row.status)))
    .returning();
  return { before: view(row), after: view(after!) };
}
