import {
  WORK_ORDER_STATUS_LABELS,
  workOrderFilePath,
  type WorkOrderCategoryWire,
  type WorkOrderChangedWire,
  type WorkOrderDetailWire,
  type WorkOrderDocumentWire,
  type WorkOrderEventWire,
  type WorkOrderFileWire,
  type WorkOrderSubscriptionWire,
  type WorkOrderSummaryWire,
} from "../../contract/work-orders";
import type { WorkOrderCategory } from "../../modules/work-orders/categories";
import type { WorkOrderDocument } from "../../modules/work-orders/documents";
import type {
  WorkOrderDetail,
  WorkOrderEvent,
  WorkOrderFile,
  WorkOrderStatus,
  WorkOrderSubscription,
  WorkOrderSummary,
} from "../../modules/work-orders/types";

export const toCategory = (c: WorkOrderCategory): WorkOrderCategoryWire => ({
  id: c.id,
  name: c.name,
  questions: c.questions.map((q) => ({
    id: q.id,
    category_id: q.categoryId,
    name: q.name,
    resource_types: q.resourceTypes,
  })),
});

export const toDocument = (d: WorkOrderDocument): WorkOrderDocumentWire => ({
  id: d.id,
  category_id: d.categoryId,
  question_id: d.questionId,
  title: d.title,
  content: d.content,
  updated_at: d.updatedAt.toISOString(),
});

export const toFile = (f: WorkOrderFile): WorkOrderFileWire => ({
  id: f.id,
  name: f.name,
  mime: f.mime,
  size: f.size,
  width: f.width,
  height: f.height,
  url: workOrderFilePath(f.id),
  created_at: f.createdAt.toISOString(),
});

/** An event a user may see: anything but an internal note. */
export type UserVisibleEvent = WorkOrderEvent & { kind: WorkOrderEventWire["kind"] };

export const isUserVisible = (e: WorkOrderEvent): e is UserVisibleEvent => e.kind !== "internal_note";

/** Users see staff as 客服, never a staff member's name or id. */
export const toEvent = (e: UserVisibleEvent): WorkOrderEventWire => ({
  id: e.id,
  kind: e.kind,
  author: { kind: e.authorKind, name: e.authorKind === "staff" ? "客服" : (e.authorName ?? "用户") },
  content: e.body,
  from_status: e.fromStatus,
  to_status: e.toStatus,
  file: e.file ? toFile(e.file) : null,
  created_at: e.createdAt.toISOString(),
});

export const toSummary = (o: WorkOrderSummary): WorkOrderSummaryWire => ({
  id: o.id,
  title: o.title,
  status: o.status,
  status_label: WORK_ORDER_STATUS_LABELS[o.status],
  category_id: o.categoryId,
  category_name: o.categoryName,
  question_id: o.questionId,
  question_name: o.questionName,
  resource_type: o.resourceType,
  resource_id: o.resourceId,
  sub_account_name: o.subAccountName,
  unread: o.userUnread,
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
  last_reply_at: o.lastStaffReplyAt?.toISOString() ?? null,
});

/** 13800001234 → 138****1234; alice@example.com → a***@example.com. */
export function maskAddress(address: string): string {
  const at = address.indexOf("@");
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  return address.length === 11 ? `${address.slice(0, 3)}****${address.slice(7)}` : "****";
}

export const toSubscription = (s: WorkOrderSubscription): WorkOrderSubscriptionWire => ({
  id: s.id,
  order_id: s.orderId,
  channel: s.channel,
  address: s.address === null ? null : maskAddress(s.address),
});

/** The user's view of an order: the thread without internal notes (the module leaves them out; this drops any left). */
export const toDetail = (d: WorkOrderDetail): WorkOrderDetailWire => ({
  ...toSummary(d),
  content: d.body,
  contact_phone: d.contactPhone,
  attachments: d.attachments.map(toFile),
  events: d.events.filter(isUserVisible).map(toEvent),
  subscriptions: d.subscriptions.map(toSubscription),
  can_comment: d.canComment,
  can_revoke: d.canRevoke,
});

export const toChanged = (c: {
  id: number;
  status: WorkOrderStatus;
  eventId: number | null;
}): WorkOrderChangedWire => ({
  id: c.id,
  status: c.status,
  event_id: c.eventId,
});
