import type { MiddlewareHandler } from "hono";

/** What the platform's replies say to caches. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Every reply of the platform (`/api`, `/third-party`, `/staff`, `/ops`, …)
 * is for one caller, or may be (a session makes a public call personal): no
 * shared cache may keep it, and no browser may keep it on disk for the next
 * person at the same computer (issue 33 §2). Set after the handler, over
 * whatever it set, so no route can forget it; refusals and 404s included.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  try {
    c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
  } catch {
    // A reply whose headers are immutable (one passed on from fetch): a copy that can be changed.
    const copy = new Response(c.res.body, c.res);
    copy.headers.set("Cache-Control", PRIVATE_NO_STORE);
    c.res = copy;
  }
};
