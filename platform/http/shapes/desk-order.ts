import type { DeskEventWire, DeskOrderWire } from "../../contract/desk";
import { WORK_ORDER_RESOURCE_LABELS, workOrderFilePath, type WorkOrderFileWire } from "../../contract/work-orders";
import { maskPhone } from "../../modules/accounts/user-info";
import type { DeskOrder } from "../../modules/work-orders/desk-order";
import type { WorkOrderEvent, WorkOrderFile } from "../../modules/work-orders/types";
import { iso } from "./desk";

const KIND_LABELS = { personal: "个人账号", enterprise: "企业账号" } as const;
const VERIFICATION_LABELS = { personal: "个人认证", student: "学生认证", enterprise: "企业认证" } as const;

const toDeskFile = (file: WorkOrderFile): WorkOrderFileWire => ({
  id: file.id,
  name: file.name,
  mime: file.mime,
  size: file.size,
  width: file.width,
  height: file.height,
  url: workOrderFilePath(file.id),
  created_at: iso(file.createdAt),
});

function toDeskEvent(event: WorkOrderEvent, names: Map<number, string>): DeskEventWire {
  const author =
    event.authorKind === "staff"
      ? { kind: "staff" as const, name: names.get(event.authorId) ?? `客服 #${event.authorId}` }
      : { kind: "user" as const, name: event.authorName ?? "用户" };
  return {
    id: event.id,
    kind: event.kind,
    author,
    content: event.body,
    from_status: event.fromStatus,
    to_status: event.toStatus,
    file: event.file ? toDeskFile(event.file) : null,
    created_at: iso(event.createdAt),
  };
}

/** What an order's resource is, in words: the account by its masked phone, others by type and id. */
function resourceLabel(order: DeskOrder): string {
  const { detail, account } = order;
  if (detail.resourceType === "account") return `${WORK_ORDER_RESOURCE_LABELS.account} ${maskPhone(account.phone)}`;
  return `${WORK_ORDER_RESOURCE_LABELS[detail.resourceType]} ${detail.resourceId}`;
}

export function toDeskOrder(order: DeskOrder): DeskOrderWire {
  const { detail, account, staffNames } = order;
  return {
    id: detail.id,
    title: detail.title,
    status: detail.status,
    category_name: detail.categoryName,
    question_name: detail.questionName,
    resource_type: detail.resourceType,
    resource_id: detail.resourceId,
    resource_label: resourceLabel(order),
    content: detail.body,
    contact_phone: maskPhone(detail.contactPhone),
    assignee:
      detail.assigneeStaffId === null
        ? null
        : {
            id: detail.assigneeStaffId,
            name: staffNames.get(detail.assigneeStaffId) ?? `客服 #${detail.assigneeStaffId}`,
          },
    created_at: iso(detail.createdAt),
    last_user_activity_at: iso(detail.lastUserActivityAt),
    unread: detail.staffUnread && ["new", "processing", "waiting_user"].includes(detail.status),
    waiting_for_us: detail.status === "new" || detail.status === "processing",
    attachments: detail.attachments.map(toDeskFile),
    events: detail.events.map((e) => toDeskEvent(e, staffNames)),
    account: {
      user_id: account.userId,
      phone: maskPhone(account.phone),
      kind_label: KIND_LABELS[account.kind],
      nickname: account.companyName ?? account.nickname,
      sub_account_name: account.subAccountName,
      tier_name: account.tierName,
      verification_label: account.verifiedAs ? VERIFICATION_LABELS[account.verifiedAs] : "未认证",
      created_at: iso(account.createdAt),
    },
    staff: order.assignable,
  };
}
