import type { CaptchaFields } from "../../platform/contract/security";
import { STAFF_SESSION_HEADER, type StaffAuthCalls, type StaffMeWire } from "../../platform/contract/staff";
import { callApiOrThrow, type Fields } from "./transport.server";

export type { StaffMeWire };
export type StaffMe = StaffMeWire;

/** Who calls: the staff token (from the desk cookie) and the browser's address. */
export interface StaffAuth {
  token: string;
  clientAddress?: string;
}

/** The staff calls the desk makes (platform/contract/staff.ts): path, fields and reply typed by the contract. */
type DeskCalls = StaffAuthCalls;

/** One /staff call with the staff token in its header (never a user's `session` field). */
export function staffCall<P extends keyof DeskCalls & string>(
  path: P,
  input: DeskCalls[P]["input"],
  auth: StaffAuth | { clientAddress?: string },
): Promise<DeskCalls[P]["data"]> {
  const headers: [string, string][] = "token" in auth ? [[STAFF_SESSION_HEADER, auth.token]] : [];
  return callApiOrThrow<DeskCalls[P]["data"]>(path, input as Fields, {
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
