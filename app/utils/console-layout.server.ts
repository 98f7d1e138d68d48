import { data } from "@remix-run/node";
import { requireUser } from "./session.server";

/** Every console page is the caller's alone: never kept by any cache. */
export const CONSOLE_CACHE_CONTROL = "private, no-store";

/**
 * The console layout's loader (app/routes/console.tsx): a signed-in user (else
 * the login page, and back), and whether it is a sub-account. The layout
 * imports its server code from this module only (decision 078).
 */
export async function consoleLayoutLoader(request: Request) {
  const { user } = await requireUser(request);
  return data({ isSub: user.SubAccount !== null }, { headers: { "Cache-Control": CONSOLE_CACHE_CONTROL } });
}
