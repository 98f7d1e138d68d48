import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { messageDeliveries } from "../../db/delivery-schema";
import type { EmailAttachment } from "../../providers/email/types";
import { SmsSendError, type SmsNoticeTemplate } from "../../providers/sms/types";
import type { Ctx } from "../context";

/** Attempts per message; the last failure leaves it `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** The wait after the first failure; it doubles after each further one (30 s, 1 min, 2 min, 4 min), up to an hour. */
export const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 60 * 60_000;
/** Messages one claim takes. */
export const DELIVERY_BATCH = 50;

type Delivery = typeof messageDeliveries.$inferSelect;

/** How long to wait after the `attempts`-th failed attempt. */
export const retryDelayMs = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_CAP_MS);

/** Why an attempt failed, for `last_error` and the log: the error's class and the provider's code or words, no credentials. */
function reasonOf(error: unknown): string {
  if (error instanceof SmsSendError) return `SmsSendError ${error.providerCode}`;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // A URL's user:password part (an SMTP URL in a driver's message) never reaches the table.
  return text.replace(/\/\/[^\s/@]+@/g, "//***@").slice(0, 300);
}

/**
 * Takes up to `batch` due pending messages and marks them `sending` (one more
 * attempt) in one committed statement; rows another deliverer holds are
 * skipped (FOR UPDATE SKIP LOCKED), so two deliverers never take the same one.
 */
async function claim(ctx: Ctx, batch: number): Promise<Delivery[]> {
  const due = ctx.db
    .select({ id: messageDeliveries.id })
    .from(messageDeliveries)
    .where(and(eq(messageDeliveries.status, "pending"), lte(messageDeliveries.nextAttemptAt, ctx.now())))
    .orderBy(asc(messageDeliveries.nextAttemptAt), asc(messageDeliveries.id))
    .limit(batch)
    .for("update", { skipLocked: true });
  return ctx.db
    .update(messageDeliveries)
    .set({ status: "sending", attempts: sql`${messageDeliveries.attempts} + 1` })
    .where(and(inArray(messageDeliveries.id, due), eq(messageDeliveries.status, "pending")))
    .returning();
}

/** The file an email carries (queue.ts's StoredAttachment), read from storage now; gone from storage → an error. */
async function attachmentsOf(ctx: Ctx, payload: Record<string, string>): Promise<EmailAttachment[]> {
  const key = payload.attachment_key;
  if (!key) return [];
  const content = await ctx.providers.storage.get(key);
  if (!content) throw new Error(`the attachment ${key} is not in storage`);
  return [
    {
      filename: payload.attachment_name ?? "attachment",
      contentType: payload.attachment_type ?? "application/octet-stream",
      content,
    },
  ];
}

async function send(ctx: Ctx, message: Delivery): Promise<void> {
  if (message.channel === "sms")
    return ctx.providers.sms.sendNotice({
      phone: message.recipient,
      template: message.subject as SmsNoticeTemplate,
      params: message.payload,
    });
  return ctx.providers.email.send({
    to: message.recipient,
    subject: message.subject,
    text: message.payload.text ?? "",
    attachments: await attachmentsOf(ctx, message.payload),
  });
}

/** What one run did. */
export interface DeliveryRun {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Delivers the due messages of the outbox (decision 058), batch after batch
 * until none is due. Each is marked `sending` and committed before its
 * provider is called, so it is handed over at most once: a process that dies
 * mid-call leaves it `sending`, never sent twice. Accepted → `sent`; refused or
 * unreachable → `pending` again after retryDelayMs, or `failed` after
 * MAX_DELIVERY_ATTEMPTS. Must run outside a transaction (the providers' guard
 * refuses otherwise).
 */
export async function deliverDueMessages(
  ctx: Ctx,
  options: { batch?: number; log?: (line: string) => void } = {},
): Promise<DeliveryRun> {
  const log = options.log ?? ((line: string) => console.warn(line));
  const run: DeliveryRun = { sent: 0, retrying: 0, failed: 0 };
  for (let round = 0; round < 100; round++) {
    const claimed = await claim(ctx, options.batch ?? DELIVERY_BATCH);
    for (const message of claimed) {
      try {
        await send(ctx, message);
        await ctx.db
          .update(messageDeliveries)
          .set({ status: "sent", sentAt: ctx.now(), lastError: null })
          .where(eq(messageDeliveries.id, message.id));
        run.sent++;
      } catch (error) {
        const reason = reasonOf(error);
        const final = message.attempts >= MAX_DELIVERY_ATTEMPTS;
        await ctx.db
          .update(messageDeliveries)
          .set(
            final
              ? { status: "failed", lastError: reason }
              : {
                  status: "pending",
                  lastError: reason,
                  nextAttemptAt: new Date(ctx.now().getTime() + retryDelayMs(message.attempts)),
                },
          )
          .where(eq(messageDeliveries.id, message.id));
        if (final) run.failed++;
        else run.retrying++;
        log(
          `[deliveries] ${message.channel} message ${message.id} attempt ${message.attempts}/${MAX_DELIVERY_ATTEMPTS} ` +
            `failed (${reason}); ${final ? "given up" : `retry in ${retryDelayMs(message.attempts) / 1000} s`}`,
        );
      }
    }
    if (claimed.length < (options.batch ?? DELIVERY_BATCH)) break;
  }
  return run;
}
