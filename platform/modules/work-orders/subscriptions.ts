import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { workOrders, workOrderSubscriptions } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { findVisibleOrder } from "./find-order";
import { visibleOrders } from "./scope";
import { isOpen } from "./status-rules";
import type { WorkOrderChannel, WorkOrderSubscription } from "./types";

/**
 * Where a reply notice by SMS or email may go (decision 059): the account's own
 * phone, and its notice email once the owner confirmed it by the emailed link
 * (addendum), never an address the caller types. `given`, when
 * present, must be that address. Sub-accounts have neither of their own and
 * subscribe on the site only.
 */
async function ownAddress(
  tx: Db,
  caller: Caller,
  channel: "sms" | "email",
  given: string | undefined,
): Promise<string> {
  if (caller.subAccountId !== null) return fail("WORK_ORDER_SUB_ACCOUNT_SITE_ONLY", "channel");
  const [account] = await tx
    .select({ phone: users.phone, noticeEmail: users.noticeEmail, confirmedAt: users.noticeEmailConfirmedAt })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (channel === "sms") {
    const phone = account!.phone;
    if (given !== undefined && given.trim() !== phone) return fail("WORK_ORDER_SMS_NOT_OWN", "address");
    return phone;
  }
  const email = account!.noticeEmail;
  if (email === null) return fail("WORK_ORDER_EMAIL_REQUIRED", "address");
  if (given !== undefined && given.trim().toLowerCase() !== email) return fail("WORK_ORDER_EMAIL_NOT_OWN", "address");
  if (account!.confirmedAt === null) return fail("WORK_ORDER_EMAIL_UNCONFIRMED", "address");
  return email;
}

/**
 * Subscribes the caller to reply notices of one of its orders by a channel:
 * site (the notification centre), sms (the account's phone) or email (the
 * account's notice email); an `address` other than those is refused and
 * nothing is stored. Subscribing again to a channel replaces its address. Only
 * while the order is open: an ended order gets no more replies.
 */
export async function subscribe(
  ctx: Ctx,
  caller: Caller,
  input: { orderId: number; channel: WorkOrderChannel; address?: string },
): Promise<WorkOrderSubscription> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const order = await findVisibleOrder(tx, caller, input.orderId, { forUpdate: true });
    if (!isOpen(order.status)) return fail("WORK_ORDER_STATE");
    const address = input.channel === "site" ? null : await ownAddress(tx, caller, input.channel, input.address);
    const [row] = await tx
      .insert(workOrderSubscriptions)
      .values({ orderId: order.id, channel: input.channel, address, createdAt: now })
      .onConflictDoUpdate({
        target: [workOrderSubscriptions.orderId, workOrderSubscriptions.channel],
        set: { address },
      })
      .returning();
    return { id: row!.id, orderId: row!.orderId, channel: row!.channel, address: row!.address };
  });
}

/** Removes one of the caller's subscriptions; another account's is not found. */
export async function unsubscribe(ctx: Ctx, caller: Caller, input: { id: number }): Promise<{ id: number }> {
  const [owned] = await ctx.db
    .select({ id: workOrderSubscriptions.id })
    .from(workOrderSubscriptions)
    .innerJoin(workOrders, eq(workOrders.id, workOrderSubscriptions.orderId))
    .where(and(eq(workOrderSubscriptions.id, input.id), visibleOrders(caller)));
  if (!owned) return fail("WORK_ORDER_NOT_FOUND");
  await ctx.db.delete(workOrderSubscriptions).where(eq(workOrderSubscriptions.id, owned.id));
  return { id: owned.id };
}
