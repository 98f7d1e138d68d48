import type { SignedInDeviceWire, SignInRecordWire } from "../../contract/sign-ins";
import type { SignedInDevice } from "../../modules/accounts/devices";
import type { SignInRecord } from "../../modules/accounts/sign-in-records";

export const toSignedInDevice = (d: SignedInDevice): SignedInDeviceWire => ({
  id: d.id,
  current: d.current,
  ip: d.clientAddress ?? "",
  user_agent: d.userAgent ?? "",
  signed_in_at: d.signedInAt.toISOString(),
  last_seen_at: d.lastSeenAt.toISOString(),
});

export const toSignInRecord = (r: SignInRecord): SignInRecordWire => ({
  id: r.id,
  method: r.method,
  result: r.result,
  ip: r.clientAddress ?? "",
  user_agent: r.userAgent ?? "",
  at: r.at.toISOString(),
});
