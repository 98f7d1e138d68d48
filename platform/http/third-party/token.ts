import type { Context } from "hono";

/** The /third-party token: the Authorization header, "Bearer <token>" or the bare token; undefined when none. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization") ?? "";
  return header.replace(/^Bearer\s+/i, "").trim() || undefined;
}
