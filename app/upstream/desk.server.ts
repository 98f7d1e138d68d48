import type { CaptchaFields } from "../../platform/contract/security";
import type {
  DeskCalls,
  DeskCatalogueWire,
  DeskEventWire,
  DeskOrderWire,
  DeskQueueFields,
  DeskQueueItemWire,
  DeskQueuePageWire,
} from "../../platform/contract/desk";
import type { PageWire } from "../../platform/contract/page";
import { STAFF_SESSION_HEADER, type StaffAuthCalls, type StaffMeWire } from "../../platform/contract/staff";
import {
  WORK_ORDER_RESOURCE_LABELS,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderStatusWire,
} from "../../platform/contract/work-orders";
import type { VerificationReviewCalls } from "../../platform/contract/verification-review";
import type { DeskInvoiceCalls } from "../../platform/contract/invoices";
import type { DeskMarketingCalls } from "../../platform/contract/marketing-desk";
import { callApiOrThrow, type Fields } from "./transport.server";

export type {
  DeskCatalogueWire,
  DeskEventWire,
  DeskOrderWire,
  DeskQueueFields,
  DeskQueueItemWire,
  DeskQueuePageWire,
  PageWire,
};
export type { StaffMeWire, WorkOrderStatusWire };
export { WORK_ORDER_RESOURCE_LABELS, WORK_ORDER_STATUS_LABELS };
export type StaffMe = StaffMeWire;

/** Who calls: the staff token (from the desk cookie) and the browser's address. */
export interface StaffAuth {
  token: string;
  clientAddress?: string;
}

/** The staff calls the desk makes (platform/contract/staff.ts): path, fields and reply typed by the contract. */
type StaffCalls = StaffAuthCalls & DeskCalls & VerificationReviewCalls & DeskInvoiceCalls & DeskMarketingCalls;

/** One /staff call with the staff token in its header (never a user's `session` field). */
export function staffCall<P extends keyof StaffCalls & string>(
  path: P,
  input: StaffCalls[P]["input"],
  auth: StaffAuth | { clientAddress?: string },
): Promise<StaffCalls[P]["data"]> {
  const headers: [string, string][] = "token" in auth ? [[STAFF_SESSION_HEADER, auth.token]] : [];
  return callApiOrThrow<StaffCalls[P]["data"]>(path, input as Fields, {
    area: "/staff",
    headers,
    clientAddress: auth.clientAddress,
  });
}

export function staffLogin(
  login: string,
  password: string,
  options: { clientAddress?: string; captcha: CaptchaFields },
): Promise<{ token: string }> {
  return staffCall("/login", { login, password, ...options.captcha }, { clientAddress: options.clientAddress });
}

export function staffLogout(auth: StaffAuth): Promise<null> {
  return staffCall("/logout", {}, auth);
}

export function getStaffMe(auth: StaffAuth): Promise<StaffMe> {
  return staffCall("/me", {}, auth);
}

export function getDeskQueue(auth: StaffAuth, filter: DeskQueueFields): Promise<DeskQueuePageWire> {
  return staffCall("/work-orders/queue", filter, auth);
}

export function getDeskCatalogue(auth: StaffAuth): Promise<DeskCatalogueWire> {
  return staffCall("/work-orders/catalogue", {}, auth);
}

export function getDeskOrder(auth: StaffAuth, id: number): Promise<DeskOrderWire> {
  return staffCall("/work-orders/detail", { id }, auth);
}

export const deskTake = (auth: StaffAuth, id: number) => staffCall("/work-orders/take", { id }, auth);
/** The staff member's uploads (desk-files.server.ts) as the call's comma-separated `attachment_ids`. */
const idList = (ids: number[]) => (ids.length > 0 ? ids.join(",") : undefined);

export const deskReply = (auth: StaffAuth, id: number, content: string, attachmentIds: number[] = []) =>
  staffCall("/work-orders/reply", { id, content, attachment_ids: idList(attachmentIds) }, auth);
export const deskNote = (auth: StaffAuth, id: number, content: string) =>
  staffCall("/work-orders/note", { id, content }, auth);
export const deskAsk = (auth: StaffAuth, id: number, content: string, attachmentIds: number[] = []) =>
  staffCall("/work-orders/ask", { id, content, attachment_ids: idList(attachmentIds) }, auth);
export const deskResolve = (auth: StaffAuth, id: number, content?: string) =>
  staffCall("/work-orders/resolve", { id, content }, auth);
export const deskClose = (auth: StaffAuth, id: number, content?: string) =>
  staffCall("/work-orders/close", { id, content }, auth);
export const deskReassign = (auth: StaffAuth, id: number, staffId: number) =>
  staffCall("/work-orders/reassign", { id, staff_id: staffId }, auth);

export const deskCreateCategory = (auth: StaffAuth, name: string) =>
  staffCall("/work-orders/categories/create", { name }, auth);
export const deskRenameCategory = (auth: StaffAuth, id: number, name: string) =>
  staffCall("/work-orders/categories/rename", { id, name }, auth);
export const deskDeleteCategory = (auth: StaffAuth, id: number) =>
  staffCall("/work-orders/categories/delete", { id }, auth);
export const deskCreateQuestion = (auth: StaffAuth, categoryId: number, name: string, resourceTypes: string[]) =>
  staffCall(
    "/work-orders/questions/create",
    { category_id: categoryId, name, resource_types: resourceTypes.join(",") },
    auth,
  );
export const deskRenameQuestion = (auth: StaffAuth, id: number, name: string) =>
  staffCall("/work-orders/questions/rename", { id, name }, auth);
export const deskDeleteQuestion = (auth: StaffAuth, id: number) =>
  staffCall("/work-orders/questions/delete", { id }, auth);

export interface DeskDocumentInput {
  category_id: number;
  question_id?: number;
  title: string;
  content: string;
}
export const deskCreateDocument = (auth: StaffAuth, input: DeskDocumentInput) =>
  staffCall("/work-orders/documents/create", input, auth);
export const deskUpdateDocument = (auth: StaffAuth, id: number, input: DeskDocumentInput) =>
  staffCall("/work-orders/documents/update", { id, ...input }, auth);
export const deskDeleteDocument = (auth: StaffAuth, id: number) =>
  staffCall("/work-orders/documents/delete", { id }, auth);
