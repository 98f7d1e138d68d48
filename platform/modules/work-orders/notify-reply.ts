import { eq } from "drizzle-orm";
import { notifications } from "../../db/schema";
import { workOrders, workOrderSubscriptions } from "../../db/work-order-schema";
import type { Ctx } from "../context";

/** What a reply notice reached. */
export interface ReplyNoticeResult {
  site: boolean;
  sms: boolean;
  email: boolean;
}

const TITLE = "工单有新回复";

/**
 * Tells an order's owner that staff replied, by each channel it subscribed:
 * a notification in its notification centre (the sub-account's own when a
 * sub-account filed it, decision 028), an SMS through the SMS provider (its
 * outbox in the sandbox) and an email through the email provider. Called after
 * the reply is committed; a provider that fails is logged and the others still
 * go out (the reply itself stands).
 */
export async function notifyWorkOrderReply(
  ctx: Ctx,
  input: { orderId: number },
  log: (line: string) => void = (line) => console.warn(line),
): Promise<ReplyNoticeResult> {
  const [order] = await ctx.db.select().from(workOrders).where(eq(workOrders.id, input.orderId));
  const result: ReplyNoticeResult = { site: false, sms: false, email: false };
  if (!order) return result;
  const subscriptions = await ctx.db
    .select()
    .from(workOrderSubscriptions)
    .where(eq(workOrderSubscriptions.orderId, order.id));
  const text = `您的工单 #${order.id}「${order.title}」有新的客服回复，请前往「我的工单」查看。`;
  for (const subscription of subscriptions) {
    try {
      if (subscription.channel === "site") {
        await ctx.db.insert(notifications).values({
          userId: order.userId,
          subAccountId: order.subAccountId,
          title: TITLE,
          original: text,
          createdAt: ctx.now(),
        });
        result.site = true;
      } else if (subscription.channel === "sms" && subscription.address) {
        await ctx.providers.sms.sendNotice({
          phone: subscription.address,
          template: "work_order_reply",
          params: { order: String(order.id) },
        });
        result.sms = true;
      } else if (subscription.channel === "email" && subscription.address) {
        await ctx.providers.email.send({ to: subscription.address, subject: `【工单回复】${order.title}`, text });
        result.email = true;
      }
    } catch (error) {
      log(`[work-orders] reply notice by ${subscription.channel} for order ${order.id} failed: ${String(error)}`);
    }
  }
  return result;
}
