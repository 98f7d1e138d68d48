import { createCookie, redirect } from "@remix-run/node";
import { isProduction, sessionSecret } from "~/env.server";
import { getStaffMe, type StaffAuth, type StaffMe } from "~/upstream/desk.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "./client-address.server";
import { safeRedirect } from "./safe-redirect";
import { upstreamErrorResponse } from "./upstream-errors.server";

/** Matches the platform's absolute staff session lifetime (platform/modules/staff/sessions.ts). */
const STAFF_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * The staff token lives only here (docs/decisions/039): its own signed cookie,
 * httpOnly, SameSite=Lax, Secure in production. It is never the user's session
 * cookie, and only the desk's routes read it. Its path is the whole site, not
 * /desk: Remix fetches the queue's data from /desk.data, which a /desk cookie
 * path does not cover.
 */
const staffCookie = createCookie("gc_desk", {
  httpOnly: true,
  sameSite: "lax",
  secure: isProduction,
  path: "/",
  secrets: [sessionSecret],
  maxAge: STAFF_COOKIE_MAX_AGE_SECONDS,
});

export const DESK_HOME = "/desk";
export const DESK_LOGIN = "/desk/login";

export async function getStaffToken(request: Request): Promise<string | null> {
  const value: unknown = await staffCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export const commitStaffToken = (token: string) => staffCookie.serialize(token);
export const destroyStaffCookie = () => staffCookie.serialize("", { maxAge: 0, expires: new Date(0) });

/** A desk path to go back to after login: same origin and under /desk, else the queue. */
export function deskRedirect(target: unknown): string {
  const path = safeRedirect(target, DESK_HOME);
  return path === DESK_HOME || path.startsWith(`${DESK_HOME}/`) || path.startsWith(`${DESK_HOME}?`) ? path : DESK_HOME;
}

/** /desk/login?redirectTo=<this page>, dropping a dead staff cookie when there was one. */
export async function redirectToDeskLogin(request: Request, dropCookie: boolean): Promise<Response> {
  const url = new URL(request.url);
  const target = deskRedirect(`${url.pathname}${url.search}`);
  const query = target === DESK_HOME ? "" : `?redirectTo=${encodeURIComponent(target)}`;
  return redirect(`${DESK_LOGIN}${query}`, {
    headers: dropCookie ? { "Set-Cookie": await destroyStaffCookie() } : undefined,
  });
}

export interface StaffGuard {
  auth: StaffAuth;
  staff: StaffMe;
}

/** The desk's guard: the staff member behind the desk cookie, or a redirect to /desk/login. */
export async function requireStaff(request: Request): Promise<StaffGuard> {
  const token = await getStaffToken(request);
  if (!token) throw await redirectToDeskLogin(request, false);
  const auth = { token, clientAddress: requestClientAddress(request) };
  const staff = await asStaff(request, () => getStaffMe(auth));
  return { auth, staff };
}

/**
 * Runs staff calls for a desk page: a dead staff session goes to /desk/login
 * (never the users' /login); other refusals are left to the caller (the form
 * kit shows them beside their fields), faults and missing records become the page's 404/500.
 */
export async function asStaff<T>(request: Request, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "session") throw await redirectToDeskLogin(request, true);
    throw error;
  }
}

/** A desk loader's body: a dead staff session to /desk/login, any other refusal to the page's error status. */
export async function loadDeskPage<T>(request: Request, run: () => Promise<T>): Promise<T> {
  try {
    return await asStaff(request, run);
  } catch (error) {
    if (error instanceof UpstreamError) throw await upstreamErrorResponse(request, error);
    throw error;
  }
}
