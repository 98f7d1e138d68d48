import type {
  AddCommentBody,
  AttachFilesBody,
  CreateWorkOrderBody,
  SubscribeBody,
  WorkOrderCalls,
  WorkOrderDocumentsQuery,
  WorkOrderListQuery,
} from "../../platform/contract/work-orders";
import { callThirdPartyOrThrow, type Fields, type ThirdPartyOptions } from "./transport.server";

/** The wire types the pages use, re-exported so routes and components never import platform/. */
export type {
  AddCommentBody,
  AttachFilesBody,
  CreateWorkOrderBody,
  RemovedWire,
  SubscribeBody,
  UpdateWorkOrderBody,
  WorkOrderAttachmentsWire,
  WorkOrderAuthorWire,
  WorkOrderCategoriesWire,
  WorkOrderCategoryWire,
  WorkOrderChangedWire,
  WorkOrderChannelWire,
  WorkOrderDetailWire,
  WorkOrderDocumentsQuery,
  WorkOrderDocumentsWire,
  WorkOrderDocumentWire,
  WorkOrderEventWire,
  WorkOrderFileWire,
  WorkOrderListQuery,
  WorkOrderPageWire,
  WorkOrderQuestionWire,
  WorkOrderResourceTypeWire,
  WorkOrderStatusCountsWire,
  WorkOrderStatusFilter,
  WorkOrderStatusWire,
  WorkOrderSubscriptionWire,
  WorkOrderSummaryWire,
  WorkOrderUnreadWire,
} from "../../platform/contract/work-orders";
export {
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_CHANNEL_LABELS,
  WORK_ORDER_LIMITS,
  WORK_ORDER_RESOURCE_LABELS,
  WORK_ORDER_STATUS_LABELS,
  workOrderFilePath,
} from "../../platform/contract/work-orders";

/** Who calls: the session token (sent as the Authorization header) and the browser's address. */
export type WorkOrderCaller = ThirdPartyOptions;

type JsonCalls = Exclude<keyof WorkOrderCalls, "uploadFile">;

/** One work-order call, its path, query, body and reply typed by the contract (platform/contract/work-orders.ts). */
function call<N extends JsonCalls>(
  _name: N,
  method: WorkOrderCalls[N]["method"],
  path: string,
  caller: WorkOrderCaller,
  parts: { query?: WorkOrderCalls[N]["query"]; body?: WorkOrderCalls[N]["body"] } = {},
): Promise<WorkOrderCalls[N]["data"]> {
  return callThirdPartyOrThrow<WorkOrderCalls[N]["data"]>(
    { method, path: `/api/v1/work-order${path}`, query: parts.query as Fields | undefined, body: parts.body },
    caller,
  );
}

export function getWorkOrderCategories(caller: WorkOrderCaller) {
  return call("categories", "GET", "/categories", caller);
}

export function getWorkOrderDocuments(caller: WorkOrderCaller, query: WorkOrderDocumentsQuery) {
  return call("documents", "GET", "/documents", caller, { query });
}

export function listWorkOrders(caller: WorkOrderCaller, query: WorkOrderListQuery = {}) {
  return call("listOrders", "GET", "/orders", caller, { query });
}

export function createWorkOrder(caller: WorkOrderCaller, body: CreateWorkOrderBody) {
  return call("createOrder", "POST", "/orders", caller, { body });
}

/** The order with its whole thread; opening it marks staff replies read. */
export function getWorkOrder(caller: WorkOrderCaller, id: number) {
  return call("getOrder", "GET", `/orders/${id}`, caller);
}

export function revokeWorkOrder(caller: WorkOrderCaller, id: number, reason?: string) {
  return call("updateOrder", "PUT", `/orders/${id}`, caller, { body: { action: "revoke", reason } });
}

export function addWorkOrderComment(caller: WorkOrderCaller, body: AddCommentBody) {
  return call("comment", "POST", "/comments", caller, { body });
}

export function attachWorkOrderFiles(caller: WorkOrderCaller, body: AttachFilesBody) {
  return call("attach", "POST", "/attachments", caller, { body });
}

export function detachWorkOrderFile(caller: WorkOrderCaller, fileId: number) {
  return call("detach", "DELETE", `/attachments/${fileId}`, caller);
}

export function subscribeWorkOrder(caller: WorkOrderCaller, body: SubscribeBody) {
  return call("subscribe", "POST", "/notifications", caller, { body });
}

export function unsubscribeWorkOrder(caller: WorkOrderCaller, subscriptionId: number) {
  return call("unsubscribe", "DELETE", `/notifications/${subscriptionId}`, caller);
}

/** `unread` is true while any of the caller's orders has a staff reply the caller has not opened. */
export function getWorkOrderUnreadFlag(caller: WorkOrderCaller) {
  return call("unreadFlag", "GET", "/unread-flag", caller);
}
