import type { SignInCalls } from "../../platform/contract/sign-ins";
import { callApiOrThrow } from "./transport.server";

export type { SignedInDeviceWire, SignInRecordWire } from "../../platform/contract/sign-ins";
export { SIGN_IN_METHOD_LABELS } from "../../platform/contract/sign-ins";

/** One sign-ins call, its fields and reply typed by the contract (platform/contract/sign-ins.ts). */
function call<P extends keyof SignInCalls>(path: P, session: string, input: SignInCalls[P]["input"]) {
  return callApiOrThrow<SignInCalls[P]["data"]>(path, input, { session });
}

/** The caller's live sessions, the current one first. */
export function listSignedInDevices(session: string) {
  return call("/get_login_devices", session, {});
}

/** Signs one other device out; the current one and someone else's are refused beside `id`. */
export function signOutDevice(session: string, id: string) {
  return call("/logout_device", session, { id });
}

export function signOutOtherDevices(session: string) {
  return call("/logout_other_devices", session, {});
}

/** The caller's last 20 sign-ins, newest first. */
export function listSignInRecords(session: string) {
  return call("/get_login_records", session, {});
}
