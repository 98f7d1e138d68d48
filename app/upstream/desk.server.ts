import type { CaptchaFields } from "../../platform/contract/security";
import type {
  DeskCalls,
  DeskCatalogueWire,
  DeskEventWire,
  DeskOrderWire,
  DeskQueueFields,
  DeskQueueItemWire,
} from "../../platform/contract/desk";
import type { PageWire } from "../../platform/contract/page";
import { STAFF_SESSION_HEADER, type StaffAuthCalls, type StaffMeWire } from "../../platform/contract/staff";
import {
  WORK_ORDER_RESOURCE_LABELS,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderStatusWire,
} from "../../platform/contract/work-orders";
import { callApiOrThrow, type Fields } from "./transport.server";

export type { DeskCatalogueWire, DeskEventWire, DeskOrderWire, DeskQueueFields, DeskQueueItemWire, PageWire };
export type { StaffMeWire, WorkOrderStatusWire };
export { WORK_ORDER_RESOURCE_LABELS, WORK_ORDER_STATUS_LABELS };
export type StaffMe = StaffMeWire;

/** Who calls: the staff token (from the desk cookie) and the browser's address. */
export interface StaffAuth {
  token: string;
  clientAddress?: string;
}

/** The staff calls the desk makes (platform/contract/staff.ts): path, fields and reply typed by the contract. */
type StaffCalls = StaffAuthCalls & DeskCalls;

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

export function getDeskQueue(auth: StaffAuth, filter: DeskQueueFields): Promise<PageWire<DeskQueueItemWire>> {
  return staffCall("/work-orders/queue", filter, auth);
}

export function getDeskCatalogue(auth: StaffAuth): Promise<DeskCatalogueWire> {
  return staffCall("/work-orders/catalogue", {}, auth);
}
