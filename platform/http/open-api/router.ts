import { Hono, type Context } from "hono";
import { MAX_BODY_BYTES } from "../../contract/limits";
import { ERROR_CATALOGUE, type ApiErrorReply } from "../../contract/errors";
import { DomainError } from "../../modules/errors";
import { describeFault } from "../../modules/fault-log";
import { verifySignedRequest } from "../../modules/open-api/verify";
import { SIGNATURE_HEADERS } from "../../modules/open-api/signing";
import { financeApi } from "../api/finance";
import { instancesApi } from "../api/instances";
import { marketApi } from "../api/market";
import { limitBody } from "../body-limit";
import { visitor, type Env } from "../context";
import { OPEN_API_CALLS, OPEN_API_PREFIX } from "./calls";

/**
 * The open API's refusal: the main API's `{status, reason, key, data}`, with the catalogue's HTTP status (401 for a
 * bad signature, 403 for a scope or address, 429 with Retry-After for the rate, 404 for an unknown record).
 */
export function openApiError(c: Context, error: unknown) {
  let e: DomainError;
  if (error instanceof DomainError) e = error;
  else {
    console.error(`[platform] unexpected error ${describeFault(error)}`);
    e = new DomainError("INTERNAL");
  }
  const entry = ERROR_CATALOGUE[e.key];
  const data = e.field || e.data ? { field: e.field ?? null, ...(e.data as object | undefined) } : null;
  const reply: ApiErrorReply = { status: entry.status, reason: e.detail ?? entry.reason, key: e.key, data };
  const retryAfter = (e.data as { retry_after?: number } | undefined)?.retry_after;
  if (e.key === "OPEN_API_RATE_LIMITED" && retryAfter) c.header("Retry-After", String(retryAfter));
  return c.json(reply, entry.http as 400);
}

/** /api/open/v1/*: every request signed by an open API key (decision 110), then handed to the console's handler. */
export function openApiRoutes(): Hono<Env> {
  const open = new Hono<Env>();
  open.use(
    "*",
    limitBody(MAX_BODY_BYTES, (c) => openApiError(c, new DomainError("PAYLOAD_TOO_LARGE"))),
  );
  open.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    const call = url.pathname.startsWith(OPEN_API_PREFIX) ? url.pathname.slice(OPEN_API_PREFIX.length) : "";
    if (!Object.prototype.hasOwnProperty.call(OPEN_API_CALLS, call))
      throw new DomainError("NOT_FOUND", undefined, "接口不存在");
    const caller = await verifySignedRequest(
      c.var.ctx,
      visitor(c),
      {
        keyId: c.req.header(SIGNATURE_HEADERS.keyId) ?? null,
        timestamp: c.req.header(SIGNATURE_HEADERS.timestamp) ?? null,
        nonce: c.req.header(SIGNATURE_HEADERS.nonce) ?? null,
        signature: c.req.header(SIGNATURE_HEADERS.signature) ?? null,
        method: c.req.method,
        path: url.pathname,
        query: url.search,
        body: new Uint8Array(await c.req.arrayBuffer()),
      },
      OPEN_API_CALLS[call]?.scope ?? null,
    );
    c.set("openApiCaller", caller);
    await next();
  });
  open.route("/", instancesApi);
  open.route("/", marketApi);
  open.route("/", financeApi);
  open.onError((error, c) => openApiError(c, error));
  open.notFound((c) => openApiError(c, new DomainError("NOT_FOUND", undefined, "接口不存在")));
  return open;
}
