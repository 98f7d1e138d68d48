/**
 * The work-order area of /third-party on the wire (spec §7, issue 11 §1;
 * docs/decisions/036-work-order-contract.md). The token travels in the
 * `Authorization` header; GET parameters are the query string; POST and PUT
 * bodies are JSON objects (form-urlencoded is read too). Names and JSON are
 * exactly what outside clients see: do not rename.
 *
 * Every reply is the third-party envelope: success `{code: 0, reason: "",
 * message: "", data}`, refusal `{code, reason, message, key, data}` with the
 * spec §8 codes (100021 bad body, 100022 bad parameter, 100031/100032 dead
 * token, 100041 another account's order or file, 1001xx–100301 catalogue).
 */
import type { ErrorKey } from "./errors";
import type { PageWire } from "./page";

// ---------------------------------------------------------------- envelope

/** A /third-party success. */
export interface ThirdPartyOkReply<T> {
  code: 0;
  reason: "";
  message: "";
  data: T;
}

/**
 * A /third-party refusal: the §8 code, the reason to show (also as `message`), the catalogue key, the field, and
 * what else the refusal carries (102252: `retry_at`, when the user may try again).
 */
export interface ThirdPartyErrorReply {
  code: number;
  reason: string;
  message: string;
  key?: ErrorKey;
  data: { field?: string; retry_at?: string } | null;
}

export type ThirdPartyReply<T> = ThirdPartyOkReply<T> | ThirdPartyErrorReply;

/** One /third-party call: its method, its path (`:id` for a path parameter), its query, its body and its reply data. */
export interface ThirdPartyCall<
  Method extends "GET" | "POST" | "PUT" | "DELETE",
  Path extends string,
  Query,
  Body,
  Data,
> {
  method: Method;
  path: Path;
  query: Query;
  body: Body;
  data: Data;
}

export type NoQuery = Record<string, never>;
export type NoBody = null;

// ---------------------------------------------------------------- values

/**
 * Order states as strings on the wire, with their labels:
 * new 待处理, processing 处理中, waiting_user 待补充, resolved 已解决, closed 已关闭, revoked 已撤销.
 */
export type WorkOrderStatusWire = "new" | "processing" | "waiting_user" | "resolved" | "closed" | "revoked";

export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatusWire, string> = {
  new: "待处理",
  processing: "处理中",
  waiting_user: "待补充",
  resolved: "已解决",
  closed: "已关闭",
  revoked: "已撤销",
};

/** The states in which the user may still comment, attach and revoke. */
export const OPEN_WORK_ORDER_STATUSES: readonly WorkOrderStatusWire[] = ["new", "processing", "waiting_user"];

/** The list's status filter: one state, or "open" (new, processing, waiting_user), or "all" (the default). */
export type WorkOrderStatusFilter = WorkOrderStatusWire | "open" | "all";

/** What an order is about: the account itself, an instance or an order (the market issue adds the last two). */
export type WorkOrderResourceTypeWire = "account" | "instance" | "order";

export const WORK_ORDER_RESOURCE_LABELS: Record<WorkOrderResourceTypeWire, string> = {
  account: "账户",
  instance: "实例",
  order: "订单",
};

/** Reply-notice channels: 站内信, 短信, 邮件. */
export type WorkOrderChannelWire = "site" | "sms" | "email";

export const WORK_ORDER_CHANNEL_LABELS: Record<WorkOrderChannelWire, string> = {
  site: "站内信",
  sms: "短信",
  email: "邮件",
};

/** Limits every client shares (the platform enforces them). */
export const WORK_ORDER_LIMITS = {
  titleMax: 100,
  bodyMax: 10_000,
  commentMax: 10_000,
  attachmentsPerOrder: 9,
  fileBytesMax: 10 * 1024 * 1024,
  keywordMax: 50,
  pageSizeMax: 50,
} as const;

// ---------------------------------------------------------------- shapes

/** A question (子分类) and the resource types it applies to. */
export type WorkOrderQuestionWire = {
  id: number;
  category_id: number;
  name: string;
  resource_types: WorkOrderResourceTypeWire[];
};

/** A category (分类) with its questions, both in display order. */
export type WorkOrderCategoryWire = {
  id: number;
  name: string;
  questions: WorkOrderQuestionWire[];
};

export type WorkOrderCategoriesWire = { list: WorkOrderCategoryWire[] };

/** A self-help document: markdown `content`. `question_id` null: for the whole category. ISO 8601 times. */
export type WorkOrderDocumentWire = {
  id: number;
  category_id: number;
  question_id: number | null;
  title: string;
  content: string;
  updated_at: string;
};

export type WorkOrderDocumentsWire = { list: WorkOrderDocumentWire[] };

/** An upload. `url` is where the browser fetches it (checked per viewer); `width`/`height` for images only. */
export type WorkOrderFileWire = {
  id: number;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  url: string;
  created_at: string;
};

/** Who wrote an event: the user (`name` is the account or sub-account name) or staff (`name` is 客服 + a number). */
export type WorkOrderAuthorWire = { kind: "user" | "staff"; name: string };

/**
 * One entry of the thread (internal notes are never sent to users).
 * comment: `content` markdown; state_change: `from_status` → `to_status`, `content` may hold a reason;
 * attachment: `file` was attached.
 */
export type WorkOrderEventWire = {
  id: number;
  kind: "comment" | "state_change" | "attachment";
  author: WorkOrderAuthorWire;
  content: string;
  from_status: WorkOrderStatusWire | null;
  to_status: WorkOrderStatusWire | null;
  file: WorkOrderFileWire | null;
  created_at: string;
};

/** An order in a list. `unread`: a staff reply the owner has not opened. `sub_account_name` when a sub-account filed it. */
export type WorkOrderSummaryWire = {
  id: number;
  title: string;
  status: WorkOrderStatusWire;
  status_label: string;
  category_id: number;
  category_name: string;
  question_id: number;
  question_name: string;
  resource_type: WorkOrderResourceTypeWire;
  resource_id: string;
  sub_account_name: string | null;
  unread: boolean;
  created_at: string;
  updated_at: string;
  last_reply_at: string | null;
};

export type WorkOrderSubscriptionWire = {
  id: number;
  order_id: number;
  channel: WorkOrderChannelWire;
  /** The phone or email, masked (138****0000, a***@example.com); null for site. */
  address: string | null;
};

/** An order with its body, files, whole thread (oldest first), subscriptions and what the caller may do. */
export type WorkOrderDetailWire = WorkOrderSummaryWire & {
  content: string;
  contact_phone: string;
  attachments: WorkOrderFileWire[];
  events: WorkOrderEventWire[];
  subscriptions: WorkOrderSubscriptionWire[];
  can_comment: boolean;
  can_revoke: boolean;
};

/** How many orders are in each state (every state present, 0 when none): the figures of the status tabs. */
export type WorkOrderStatusCountsWire = Record<WorkOrderStatusWire, number>;

/** One page of the caller's orders, and `status_counts`: all of the caller's orders per state, whatever the filter. */
export type WorkOrderPageWire = PageWire<WorkOrderSummaryWire> & { status_counts: WorkOrderStatusCountsWire };

/** After a change: the order's id and state, and the thread event it wrote (null when nothing was written). */
export type WorkOrderChangedWire = { id: number; status: WorkOrderStatusWire; event_id: number | null };

export type WorkOrderUnreadWire = { unread: boolean };

export type WorkOrderAttachmentsWire = { order_id: number; attachments: WorkOrderFileWire[] };

export type RemovedWire = { id: number };

// ---------------------------------------------------------------- inputs

/** GET documents: by category, by question, by keyword (title or content), or any mix; none gives every document. */
export type WorkOrderDocumentsQuery = { category_id?: number; question_id?: number; keyword?: string };

export type WorkOrderListQuery = { status?: WorkOrderStatusFilter; page?: number; page_size?: number };

/** POST orders. `resource_id` for "account" is the caller's own account id (user id), as text. */
export type CreateWorkOrderBody = {
  category_id: number;
  question_id: number;
  resource_type: WorkOrderResourceTypeWire;
  resource_id: string;
  title: string;
  content: string;
  contact_phone: string;
  attachment_ids?: number[];
};

/** PUT orders/{id}: revoke it, or comment (the same as POST comments). */
export type UpdateWorkOrderBody =
  { action: "revoke"; reason?: string } | { action: "comment"; content: string; attachment_ids?: number[] };

export type AddCommentBody = { order_id: number; content: string; attachment_ids?: number[] };

export type AttachFilesBody = { order_id: number; file_ids: number[] };

/** POST notifications. `address` (email) is required for email unless the account has a notice email; sms goes to the order's contact phone unless given. */
export type SubscribeBody = { order_id: number; channel: WorkOrderChannelWire; address?: string };

// ---------------------------------------------------------------- calls

export const WORK_ORDER_BASE = "/api/v1/work-order";

/** Every work-order call of /third-party (paths under /third-party). */
export type WorkOrderCalls = {
  categories: ThirdPartyCall<"GET", "/api/v1/work-order/categories", NoQuery, NoBody, WorkOrderCategoriesWire>;
  documents: ThirdPartyCall<
    "GET",
    "/api/v1/work-order/documents",
    WorkOrderDocumentsQuery,
    NoBody,
    WorkOrderDocumentsWire
  >;
  /** multipart/form-data with one `file` field (helper B's call; 10 MB at most). */
  uploadFile: ThirdPartyCall<"POST", "/api/v1/work-order/file", NoQuery, FormData, WorkOrderFileWire>;
  listOrders: ThirdPartyCall<"GET", "/api/v1/work-order/orders", WorkOrderListQuery, NoBody, WorkOrderPageWire>;
  createOrder: ThirdPartyCall<"POST", "/api/v1/work-order/orders", NoQuery, CreateWorkOrderBody, WorkOrderChangedWire>;
  getOrder: ThirdPartyCall<"GET", "/api/v1/work-order/orders/:id", NoQuery, NoBody, WorkOrderDetailWire>;
  updateOrder: ThirdPartyCall<
    "PUT",
    "/api/v1/work-order/orders/:id",
    NoQuery,
    UpdateWorkOrderBody,
    WorkOrderChangedWire
  >;
  attach: ThirdPartyCall<"POST", "/api/v1/work-order/attachments", NoQuery, AttachFilesBody, WorkOrderAttachmentsWire>;
  detach: ThirdPartyCall<"DELETE", "/api/v1/work-order/attachments/:id", NoQuery, NoBody, RemovedWire>;
  subscribe: ThirdPartyCall<
    "POST",
    "/api/v1/work-order/notifications",
    NoQuery,
    SubscribeBody,
    WorkOrderSubscriptionWire
  >;
  unsubscribe: ThirdPartyCall<"DELETE", "/api/v1/work-order/notifications/:id", NoQuery, NoBody, RemovedWire>;
  comment: ThirdPartyCall<"POST", "/api/v1/work-order/comments", NoQuery, AddCommentBody, WorkOrderChangedWire>;
  unreadFlag: ThirdPartyCall<"GET", "/api/v1/work-order/unread-flag", NoQuery, NoBody, WorkOrderUnreadWire>;
};

/**
 * Where a work-order file is fetched by a browser: a web-tier route that
 * checks the viewer (the uploader, the order's owner, staff). Helper B's
 * serving route answers it.
 */
export function workOrderFilePath(id: number): string {
  return `/work-order-files/${id}`;
}
