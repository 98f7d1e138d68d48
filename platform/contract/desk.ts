/**
 * The desk's work-order calls under /staff (docs/decisions/039): the queue,
 * one order with its whole thread (internal notes included), the staff actions
 * on it, and the catalogue's management. The caller is a staff member
 * (STAFF_SESSION_HEADER); the envelope is the main API's. Times are ISO 8601.
 */
import type { MainApiCall, NoFields } from "./calls";
import type { PageFields, PageWire } from "./page";
import type {
  WorkOrderCategoryWire,
  WorkOrderDocumentWire,
  WorkOrderFileWire,
  WorkOrderResourceTypeWire,
  WorkOrderStatusCountsWire,
  WorkOrderStatusFilter,
  WorkOrderStatusWire,
} from "./work-orders";

export type DeskStaffRefWire = { id: number; name: string };

/**
 * One order in the queue. `unread`: the user wrote since our last reply (its age, from `last_user_activity_at`, is
 * the SLA age); `waiting_for_us`: the next step is ours (new or in progress, not waiting for the user).
 */
export type DeskQueueItemWire = {
  id: number;
  title: string;
  status: WorkOrderStatusWire;
  category_name: string;
  question_name: string;
  /** Masked: 138****0000. */
  user_phone: string;
  assignee: DeskStaffRefWire | null;
  created_at: string;
  last_user_activity_at: string;
  last_staff_reply_at: string | null;
  unread: boolean;
  waiting_for_us: boolean;
};

/** One page of the queue, and `status_counts`: the orders per state under the queue's other filters (the tabs). */
export type DeskQueuePageWire = PageWire<DeskQueueItemWire> & { status_counts: WorkOrderStatusCountsWire };

/**
 * The queue's filters (a GET form): `assignee` is "me", "none", "all" or a staff id; `min_wait_hours` (1–720): only
 * orders whose user's unanswered last word is at least that old.
 */
export type DeskQueueFields = PageFields & {
  status?: WorkOrderStatusFilter;
  category_id?: number;
  min_wait_hours?: number;
  assignee?: string;
};

/** A thread entry as staff see it: internal notes included (`kind: "internal_note"`). */
export type DeskEventWire = {
  id: number;
  kind: "comment" | "state_change" | "attachment" | "internal_note";
  author: { kind: "user" | "staff"; name: string };
  content: string;
  from_status: WorkOrderStatusWire | null;
  to_status: WorkOrderStatusWire | null;
  file: WorkOrderFileWire | null;
  created_at: string;
};

/** The user behind an order, as the desk may show them: phone masked, tier and verification labels. */
export type DeskAccountSummaryWire = {
  user_id: number;
  phone: string;
  kind_label: string;
  nickname: string;
  sub_account_name: string | null;
  tier_name: string;
  verification_label: string;
  created_at: string;
};

export type DeskOrderWire = {
  id: number;
  title: string;
  status: WorkOrderStatusWire;
  category_name: string;
  question_name: string;
  resource_type: WorkOrderResourceTypeWire;
  resource_id: string;
  /** What the resource is, in words ("账户 138****0000"). */
  resource_label: string;
  content: string;
  contact_phone: string;
  assignee: DeskStaffRefWire | null;
  created_at: string;
  last_user_activity_at: string;
  unread: boolean;
  waiting_for_us: boolean;
  attachments: WorkOrderFileWire[];
  events: DeskEventWire[];
  account: DeskAccountSummaryWire;
  /** Who it may be reassigned to: active agents and leads. */
  staff: DeskStaffRefWire[];
};

export type DeskOrderActionWire = { id: number; status: WorkOrderStatusWire };

export type DeskOrderFields = { id: number };
export type DeskOrderTextFields = { id: number; content: string };
/** A reply or a request for more, with the staff member's uploads (DESK_FILE_UPLOAD_PATH) as comma-separated ids. */
export type DeskOrderMessageFields = DeskOrderTextFields & { attachment_ids?: string };
export type DeskOrderOptionalTextFields = { id: number; content?: string };
export type DeskReassignFields = { id: number; staff_id: number };

/** The catalogue for management: categories with questions, and every document. */
export type DeskCatalogueWire = { categories: WorkOrderCategoryWire[]; documents: WorkOrderDocumentWire[] };

export type DeskCategoryFields = { name: string };
export type DeskRenameFields = { id: number; name: string };
export type DeskQuestionFields = { category_id: number; name: string; resource_types: string };
export type DeskDocumentFields = { category_id: number; question_id?: number; title: string; content: string };
export type DeskDocumentUpdateFields = DeskDocumentFields & { id: number };
export type DeskIdWire = { id: number };

/** Every desk call, by path under /staff; all need a live staff token. */
export type DeskCalls = {
  "/work-orders/queue": MainApiCall<DeskQueueFields, DeskQueuePageWire, "required">;
  "/work-orders/detail": MainApiCall<DeskOrderFields, DeskOrderWire, "required">;
  "/work-orders/take": MainApiCall<DeskOrderFields, DeskOrderActionWire, "required">;
  "/work-orders/reply": MainApiCall<DeskOrderMessageFields, DeskOrderActionWire, "required">;
  "/work-orders/note": MainApiCall<DeskOrderTextFields, DeskOrderActionWire, "required">;
  "/work-orders/ask": MainApiCall<DeskOrderMessageFields, DeskOrderActionWire, "required">;
  "/work-orders/resolve": MainApiCall<DeskOrderOptionalTextFields, DeskOrderActionWire, "required">;
  "/work-orders/close": MainApiCall<DeskOrderOptionalTextFields, DeskOrderActionWire, "required">;
  "/work-orders/reassign": MainApiCall<DeskReassignFields, DeskOrderActionWire, "required">;
  "/work-orders/catalogue": MainApiCall<NoFields, DeskCatalogueWire, "required">;
  "/work-orders/categories/create": MainApiCall<DeskCategoryFields, DeskIdWire, "required">;
  "/work-orders/categories/rename": MainApiCall<DeskRenameFields, DeskIdWire, "required">;
  "/work-orders/categories/delete": MainApiCall<DeskOrderFields, DeskIdWire, "required">;
  "/work-orders/questions/create": MainApiCall<DeskQuestionFields, DeskIdWire, "required">;
  "/work-orders/questions/rename": MainApiCall<DeskRenameFields, DeskIdWire, "required">;
  "/work-orders/questions/delete": MainApiCall<DeskOrderFields, DeskIdWire, "required">;
  "/work-orders/documents/create": MainApiCall<DeskDocumentFields, DeskIdWire, "required">;
  "/work-orders/documents/update": MainApiCall<DeskDocumentUpdateFields, DeskIdWire, "required">;
  "/work-orders/documents/delete": MainApiCall<DeskOrderFields, DeskIdWire, "required">;
};

/**
 * The desk's file calls (beside DeskCalls: they are not form-urlencoded calls).
 * POST, multipart with one `file`, a live staff token: the staff member's
 * upload (the users' inspection and limits), not yet attached to an order; the
 * main API's envelope with a WorkOrderFileWire. Attach it with `attachment_ids`
 * of /work-orders/reply or /work-orders/ask.
 */
export const DESK_FILE_UPLOAD_PATH = "/work-orders/files/upload";

/**
 * GET, a live staff token: a work-order file's bytes for staff (any order's
 * file, and staff uploads), with the headers of servedFileHeaders; a user's
 * upload not attached to an order, or no file, is WORK_ORDER_FILE_NOT_FOUND
 * in the envelope with HTTP 404.
 */
export const deskFileContentPath = (id: number) => `/work-orders/files/${id}`;
