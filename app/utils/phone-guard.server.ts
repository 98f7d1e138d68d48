import { redirectToLogin, requireUser } from "./session.server";

/**
 * The guard of the spec's named route modelDetail ("sends a user without a
 * phone to login"): a visitor without a live session goes to
 * /login?redirectTo=<this page> and comes back after login. An account here
 * always has a phone (users.phone is required; a sub-account shows its main
 * account's), so the second check only holds if that ever changes: such a
 * session is dropped and sent to log in again, which an account with a phone
 * passes.
 */
export async function requirePhoneUser(request: Request) {
  const guarded = await requireUser(request);
  if (guarded.user.Phone.trim() === "") throw await redirectToLogin(request, true);
  return guarded;
}
