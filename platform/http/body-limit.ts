import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Hono's body limit, without building a web Request for the common case (decision 055).
 *
 * A body with a Content-Length and no Transfer-Encoding is judged by that header alone, as Hono's own
 * middleware judges it: Node's HTTP parser has already refused a malformed or repeated Content-Length, and
 * never hands the application more bytes than it announced. The body is then read later, by the route,
 * straight from the connection (@hono/node-server 2 reads `text()` from the IncomingMessage). Hono's
 * middleware asks for `c.req.raw.body` first, and on @hono/node-server that makes the adapter build a full
 * undici Request and a web stream over the connection, for every request.
 *
 * Any other body (chunked, or a request built in memory without a length) goes through Hono's middleware,
 * which counts the bytes as they arrive and stops at the limit.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined)
      return Number.parseInt(length, 10) > maxSize ? onError(c) : next();
    return counted(c, next);
  };
}
