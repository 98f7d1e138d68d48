import { eq } from "drizzle-orm";
import { notifications, users } from "../../db/schema";
import { workOrders, workOrderSubscriptions } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import { emailDelivery, queueDeliveries, smsDelivery } from "../deliveries/queue";

/** The channels a reply notice was written or queued for. */
export interface ReplyNoticeResult {
  site: boolean;
  sms: boolean;
  email: boolean;
}

const TITLE = "工单有新回复";

/**
 * Tells an order's owner that staff replied, by each channel it subscribed:
 * a notification in its notification centre (the sub-account's own when a
 * sub-account filed it, decision 028), and an SMS and an email queued in the
 * delivery outbox, only to the account's own phone and its confirmed notice
 * email as they are now (decision 059: a subscription stored before that rule,
 * or an address since changed or not confirmed, gets nothing). Called with the reply's transaction (`ctx.db`), so the
 * notices land with the reply or not at all; the SMS and email go out after
 * the commit (modules/deliveries, decision 058), never inside it.
 */
export async function notifyWorkOrderReply(ctx: Ctx, input: { orderId: number }): Promise<ReplyNoticeResult> {
  const [order] = await ctx.db.select().from(workOrders).where(eq(workOrders.id, input.orderId));
  const result: ReplyNoticeResult = { site: false, sms: false, email: false };
  if (!order) return result;
  const [owner] = await ctx.db
    .select({ phone: users.phone, noticeEmail: users.noticeEmail, confirmedAt: users.noticeEmailConfirmedAt })
    .from(users)
    .where(eq(users.id, order.userId));
  const subscriptions = await ctx.db
    .select()
    .from(workOrderSubscriptions)
    .where(eq(workOrderSubscriptions.orderId, order.id));
  const now = ctx.now();
  const text = `您的工单 #${order.id}「${order.title}」有新的客服回复，请前往「我的工单」查看。`;
  const outgoing = [];
  for (const subscription of subscriptions) {
    if (subscription.channel === "site") {
      await ctx.db.insert(notifications).values({
        userId: order.userId,
        subAccountId: order.subAccountId,
        title: TITLE,
        original: text,
        createdAt: now,
      });
      result.site = true;
    } else if (subscription.channel === "sms" && subscription.address === owner?.phone) {
      outgoing.push(
        smsDelivery(
          { phone: subscription.address, template: "work_order_reply", params: { order: String(order.id) } },
          now,
        ),
      );
      result.sms = true;
    } else if (
      subscription.channel === "email" &&
      subscription.address &&
      subscription.address === owner?.noticeEmail &&
      owner.confirmedAt !== null
    ) {
      outgoing.push(emailDelivery({ to: subscription.address, subject: `【工单回复】${order.title}`, text }, now));
      result.email = true;
    }
  }
  await queueDeliveries(ctx, outgoing);
  return result;
}
