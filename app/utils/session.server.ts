import { redirect } from "@remix-run/node";
import { sessionSecret } from "~/env.server";
import { getUserInfo, type UserInfo } from "~/upstream/accounts.server";
import { safeRedirect } from "./safe-redirect";
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from "./session-constants";
import { siteCookie } from "./site-cookie.server";

/** The platform token lives only here: an httpOnly, SameSite=Lax, signed cookie (never localStorage). */
const sessionCookie = siteCookie(SESSION_COOKIE_NAME, {
  secrets: [sessionSecret],
  maxAge: SESSION_MAX_AGE_SECONDS,
});

async function readSessionToken(cookieHeader: string): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * Recent Cookie headers and the token each carries. The loaders of one page
 * each get their own copy of the Request (Remix strips its own query
 * parameters per loader), so the header is the key: its signature is checked
 * once, not once per loader. Bounded; the oldest entry goes first.
 */
const recentTokens = new Map<string, Promise<string | null>>();
const RECENT_TOKENS_MAX = 500;

export function getSessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return Promise.resolve(null);
  let token = recentTokens.get(header);
  if (!token) {
    token = readSessionToken(header);
    if (recentTokens.size >= RECENT_TOKENS_MAX) recentTokens.delete(recentTokens.keys().next().value!);
    recentTokens.set(header, token);
  }
  return token;
}

export function commitSessionToken(token: string): Promise<string> {
  return sessionCookie.serialize(token);
}

export function destroySessionCookie(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

const inFlight = new Map<string, Promise<UserInfo | null>>();

/**
 * The caller's user info. The loaders of one page run at once and each asks;
 * concurrent asks for one token share a single platform call. Nothing is kept
 * once it settles, so every navigation reads fresh figures and a revoked token
 * is refused at once.
 */
export async function getRequestUser(request: Request): Promise<UserInfo | null> {
  const token = await getSessionToken(request);
  if (!token) return null;
  let pending = inFlight.get(token);
  if (!pending) {
    pending = getUserInfo(token).finally(() => inFlight.delete(token));
    inFlight.set(token, pending);
  }
  return pending;
}

/**
 * The answer for a request without a live session: /login?redirectTo=<this
 * page>, dropping the dead cookie when there was one.
 */
export async function redirectToLogin(request: Request, dropCookie: boolean): Promise<Response> {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(`${url.pathname}${url.search}`);
  return redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
    headers: dropCookie ? { "Set-Cookie": await destroySessionCookie() } : undefined,
  });
}

/**
 * The console's guard: the caller's token and user info, or a redirect to
 * /login?redirectTo=… that also drops a dead cookie.
 */
export async function requireUser(request: Request): Promise<{ token: string; user: UserInfo }> {
  const [token, user] = await Promise.all([getSessionToken(request), getRequestUser(request)]);
  if (!token || !user) throw await redirectToLogin(request, Boolean(token));
  return { token, user };
}

/** The guard for what only a main account may do: a sub-account gets a 403 page. */
export async function requireMainAccount(
  request: Request,
  refusal = "子账号无权访问此页面",
): Promise<{ token: string; user: UserInfo }> {
  const guarded = await requireUser(request);
  if (guarded.user.SubAccount) throw new Response(refusal, { status: 403 });
  return guarded;
}

/**
 * The console's guard, plus one more platform call made with the caller's
 * token, sent at the same time as the guard's own. The guard decides: a dead
 * session redirects to /login whatever the other call answered.
 */
export async function requireUserWith<T>(
  request: Request,
  load: (token: string) => Promise<T>,
): Promise<{ token: string; user: UserInfo; loaded: T }> {
  const token = await getSessionToken(request);
  const loading = token ? load(token) : Promise.reject(new Error("no session"));
  loading.catch(() => undefined); // awaited below, once the guard has passed
  const guarded = await requireUser(request);
  return { ...guarded, loaded: await loading };
}
