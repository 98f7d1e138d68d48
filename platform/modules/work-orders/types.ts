import type {
  WorkOrderChannel,
  WorkOrderEventKind,
  WorkOrderResourceType,
  WorkOrderStatus,
} from "../../db/work-order-schema";

export type { WorkOrderChannel, WorkOrderEventKind, WorkOrderResourceType, WorkOrderStatus };

/** A file as modules return it; the URL is the HTTP layer's business. */
export interface WorkOrderFile {
  id: number;
  orderId: number | null;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: Date;
}

/** One thread entry. `authorName`: the account's nickname or the sub-account's name; null for staff. */
export interface WorkOrderEvent {
  id: number;
  kind: WorkOrderEventKind;
  authorKind: "user" | "staff";
  authorId: number;
  authorSubAccountId: number | null;
  authorName: string | null;
  body: string;
  fromStatus: WorkOrderStatus | null;
  toStatus: WorkOrderStatus | null;
  file: WorkOrderFile | null;
  createdAt: Date;
}

export interface WorkOrderSummary {
  id: number;
  userId: number;
  subAccountId: number | null;
  subAccountName: string | null;
  title: string;
  status: WorkOrderStatus;
  categoryId: number;
  categoryName: string;
  questionId: number;
  questionName: string;
  resourceType: WorkOrderResourceType;
  resourceId: string;
  assigneeStaffId: number | null;
  userUnread: boolean;
  staffUnread: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastStaffReplyAt: Date | null;
  lastUserActivityAt: Date;
}

export interface WorkOrderSubscription {
  id: number;
  orderId: number;
  channel: WorkOrderChannel;
  address: string | null;
}

export interface WorkOrderDetail extends WorkOrderSummary {
  body: string;
  contactPhone: string;
  attachments: WorkOrderFile[];
  events: WorkOrderEvent[];
  subscriptions: WorkOrderSubscription[];
  canComment: boolean;
  canRevoke: boolean;
}

/** Whoever acts on an order: its user (a main or sub-account) or a staff member. */
export type Actor = { kind: "user"; userId: number; subAccountId: number | null } | { kind: "staff"; staffId: number };

/** A staff member as the desk passes one in: the staff account's id. */
export interface StaffActor {
  staffId: number;
}
