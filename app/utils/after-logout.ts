import { safeRedirect } from "./safe-redirect";

/**
 * Where logout leaves the user (spec §2: logout reloads the page): a public
 * page stays where it was, signed out; a console page, which needs the
 * session, goes to /login. The target passes `safeRedirect`; without one
 * (or with one it refuses) the user goes to /login, as before.
 */
export function afterLogoutPath(from: unknown): string {
  const target = safeRedirect(from, "/login");
  const path = new URL(target, "http://logout.internal").pathname;
  return path === "/console" || path.startsWith("/console/") ? "/login" : target;
}
