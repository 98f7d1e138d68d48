/**
 * The staff area of the platform, `/staff/*` (docs/decisions/039): what the
 * support desk (/desk) calls. It speaks the main API's envelope
 * (`{status, reason, data}`, form-urlencoded bodies, status 2 for a dead
 * session) but its caller is a staff member, named by the STAFF_SESSION_HEADER,
 * never by a user's `session` field. The web tier does not mount it for outside
 * clients.
 */
import type { MainApiCall, NoFields } from "./calls";
import type { CaptchaFields } from "./security";

/** The header that carries a staff token. A user's token is never accepted there, nor a staff token as `session`. */
export const STAFF_SESSION_HEADER = "x-staff-session";

export type StaffRoleWire = "agent" | "lead" | "editor" | "reviewer" | "finance" | "marketing" | "admin";

export type StaffMeWire = {
  id: number;
  login: string;
  display_name: string;
  role: StaffRoleWire;
};

export type StaffTokenWire = { token: string };

export type StaffLoginFields = CaptchaFields & { login: string; password: string };

/** Every staff call, by path under /staff; "required" means a live staff token in STAFF_SESSION_HEADER. */
export type StaffAuthCalls = {
  "/login": MainApiCall<StaffLoginFields, StaffTokenWire>;
  "/logout": MainApiCall<NoFields, null, "required">;
  "/me": MainApiCall<NoFields, StaffMeWire, "required">;
};
