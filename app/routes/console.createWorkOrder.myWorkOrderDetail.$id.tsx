import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { markdownEditorLinks } from "~/components/markdown-editor/MarkdownEditor";
import { FieldError } from "~/components/ui/Field";
import { Dot, Muted, Panel, PanelTitle, Row } from "~/components/ui/layout";
import { ReplyForm } from "~/components/work-orders/ReplyForm";
import { RevokeWorkOrder } from "~/components/work-orders/RevokeWorkOrder";
import { StatusBadge } from "~/components/work-orders/StatusBadge";
import { SubscriptionForms } from "~/components/work-orders/SubscriptionForms";
import { WorkOrderThread } from "~/components/work-orders/WorkOrderThread";
import {
  addWorkOrderComment,
  getWorkOrder,
  getWorkOrderUnreadFlag,
  subscribeWorkOrder,
  unsubscribeWorkOrder,
  WORK_ORDER_CHANNEL_LABELS,
  WORK_ORDER_RESOURCE_LABELS,
  type WorkOrderChannelWire,
} from "~/upstream/work-orders.server";
import { formAction } from "~/utils/action.server";
import * as field from "../../platform/rules/fields";
import { formatDateTime } from "~/utils/format";
import { maskPhone } from "~/utils/user-figures";
import { myWorkOrderDetailPath, myWorkOrderPath } from "~/utils/console-paths";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { workOrderAttachmentIds } from "~/utils/work-order-attachments.server";
import { ATTACHMENT_LIMITS, CommentSchema, readWorkOrderForm } from "~/utils/work-order-form.server";
import { draftOwner, idParam, threadOf, workOrderCaller } from "~/utils/work-order-view.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `工单 #${data.order.id} ${data.order.title} · 算力云` : "工单详情 · 算力云" },
];
export const links: LinksFunction = () => [...markdownEditorLinks()];

const NOT_FOUND = "工单不存在或无权访问";

/** The order and its whole thread; the platform marks its replies read as it answers. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id, NOT_FOUND);
  return loadPage(request, async () => {
    const { token, user } = await requireUser(request);
    const caller = workOrderCaller(request, token);
    const order = await getWorkOrder(caller, id);
    // Opening the order marked its replies read; the root loader, which ran beside this one, may not
    // have seen that: the flag is asked again, and the menu and nav show this answer (useWorkOrderUnread).
    const workOrderUnreadAfterOpening = (await getWorkOrderUnreadFlag(caller)).unread;
    const channels = (Object.keys(WORK_ORDER_CHANNEL_LABELS) as WorkOrderChannelWire[]).map((channel) => {
      const subscription = order.subscriptions.find((s) => s.channel === channel);
      return {
        channel,
        label: WORK_ORDER_CHANNEL_LABELS[channel],
        subscriptionId: subscription?.id ?? null,
        address: subscription?.address ?? null,
      };
    });
    return {
      order: {
        id: order.id,
        title: order.title,
        status: order.status,
        statusLabel: order.status_label,
        category: `${order.category_name} / ${order.question_name}`,
        resource: `${WORK_ORDER_RESOURCE_LABELS[order.resource_type]} ${order.resource_id}`,
        contactPhone: order.contact_phone,
        createdAt: order.created_at,
        canComment: order.can_comment,
        canRevoke: order.can_revoke,
      },
      thread: threadOf(order, user.Name),
      channels,
      // Where SMS and email notices may go: the account's own phone and confirmed notice email (decision 059).
      noticeAddresses: {
        subAccount: user.SubAccount !== null,
        maskedPhone: user.SubAccount === null ? maskPhone(user.Phone) : null,
        noticeEmail: user.NoticeEmail,
        noticeEmailConfirmed: user.NoticeEmailConfirmed === true,
      },
      attachmentLimits: ATTACHMENT_LIMITS,
      draftKey: `work-order-reply:${draftOwner(user)}:${order.id}`,
      workOrderUnreadAfterOpening,
    };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id, NOT_FOUND);
  const channel = z.enum(["site", "sms", "email"], { errorMap: () => ({ message: "请选择通知方式" }) });
  // The address for email notices: only the account's notice email is accepted; left empty, the platform uses it.
  const optionalEmail = z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    field.email.optional(),
  );
  return formAction(request, {
    guard: requireUser,
    read: readWorkOrderForm,
    keepFields: ["body"],
    fieldAliases: { content: "body", attachment_ids: "files", file: "files" },
    intents: (intent) => ({
      comment: intent(CommentSchema, async ({ body }, { request, form, guard }) => {
        const caller = workOrderCaller(request, guard.token);
        const attachmentIds = await workOrderAttachmentIds(caller, form);
        await addWorkOrderComment(caller, { order_id: id, content: body, attachment_ids: attachmentIds });
        return redirectWithToast(myWorkOrderDetailPath(id), { type: "success", message: "回复已发送" });
      }),
      subscribe: intent(z.object({ channel, address: optionalEmail }), async (input, { request, guard }) => {
        await subscribeWorkOrder(workOrderCaller(request, guard.token), {
          order_id: id,
          channel: input.channel,
          address: input.channel === "email" ? input.address : undefined,
        });
        return redirectWithToast(myWorkOrderDetailPath(id), {
          type: "success",
          message: `已订阅${WORK_ORDER_CHANNEL_LABELS[input.channel]}通知`,
        });
      }),
      unsubscribe: intent(
        z.object({ channel, subscription_id: z.coerce.number().int().positive() }),
        async (input, { request, guard }) => {
          await unsubscribeWorkOrder(workOrderCaller(request, guard.token), input.subscription_id);
          return redirectWithToast(myWorkOrderDetailPath(id), {
            type: "success",
            message: `已取消${WORK_ORDER_CHANNEL_LABELS[input.channel]}通知`,
          });
        },
      ),
    }),
  });
}

export default function WorkOrderDetailPage() {
  const { order, thread, channels, noticeAddresses, attachmentLimits, draftKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const formPath = myWorkOrderDetailPath(order.id);
  const subscriptionError =
    result && (result.intent === "subscribe" || result.intent === "unsubscribe")
      ? (result.formError ?? Object.values(result.fieldErrors)[0] ?? null)
      : null;
  return (
    <>
      <Row style={{ justifyContent: "space-between" }}>
        <h1>
          工单 #{order.id} {order.title}
        </h1>
        <Link to={myWorkOrderPath()}>返回我的工单</Link>
      </Row>
      <Panel aria-label="工单信息">
        <Row>
          <StatusBadge status={order.status} label={order.statusLabel} testId="work-order-status" />
          <Muted>问题分类：{order.category}</Muted>
          <Muted>相关资源：{order.resource}</Muted>
          <Muted>联系电话：{order.contactPhone}</Muted>
          <Muted>提交时间：{formatDateTime(order.createdAt)}</Muted>
        </Row>
      </Panel>
      <Panel aria-labelledby="thread-title">
        <PanelTitle id="thread-title">沟通记录</PanelTitle>
        <WorkOrderThread entries={thread} />
      </Panel>
      {order.canComment && (
        <Panel aria-labelledby="reply-title">
          <PanelTitle id="reply-title">回复</PanelTitle>
          <ReplyForm
            // A new form once the comment is in the thread: the sent text does not stay in the box.
            key={thread.length}
            action={formPath}
            limits={attachmentLimits}
            draftKey={draftKey}
            result={result}
          />
        </Panel>
      )}
      <Panel aria-labelledby="notify-title">
        <PanelTitle id="notify-title">回复通知</PanelTitle>
        <p>
          客服回复后，我们会通过您订阅的方式通知您。
          {channels
            .filter((c) => c.subscriptionId !== null)
            .map((c) => (
              <span key={c.channel}>
                {" "}
                <Dot css={{ backgroundColor: "$primary" }} aria-hidden /> 已订阅{c.label}
                {c.address ? `（${c.address}）` : ""}
              </span>
            ))}
        </p>
        {subscriptionError && <FieldError role="alert">{subscriptionError}</FieldError>}
        <SubscriptionForms
          action={formPath}
          addresses={noticeAddresses}
          channels={channels.map((c) => ({
            channel: c.channel,
            label: c.label,
            subscriptionId: c.subscriptionId,
          }))}
        />
      </Panel>
      {order.canRevoke && (
        <Panel aria-label="撤销工单">
          <RevokeWorkOrder id={order.id} title={order.title} />
        </Panel>
      )}
    </>
  );
}
