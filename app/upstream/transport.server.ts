import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { env } from "~/env.server";
import { loadPlatformConfig } from "../../platform/index";
import { PlatformThread, threadPlatform } from "./platform-thread.server";
import { ERROR_CATALOGUE, isErrorKey, type ApiReply, type ErrorKey } from "../../platform/contract/errors";
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, WEB_TIER_KEY_HEADER } from "../../platform/contract/security";
import type { ThirdPartyReply } from "../../platform/contract/work-orders";

export type { ErrorKey };

/** The platform's main-API reply (spec §7). */
export type Reply<T> = ApiReply<T>;

export type Fields = Record<string, string | number | boolean | null | undefined>;

/** Hands a request to the platform; `headers`, when given, replace the request's own. */
export type PlatformHandler = (request: Request, headers?: Headers) => Promise<Response>;

/** One main-API call as plain data: what `callApi` sends, without building a Request. */
export interface PlainCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path and query, e.g. "/api/get_user_info". */
  path: string;
  headers: [string, string][];
  body: string | null;
}

export interface PlainReply {
  status: number;
  text: string;
}

/** The in-process platform: whole requests for the mount routes, plain calls for `callApi`. */
export interface InProcessPlatform {
  send: PlatformHandler;
  sendPlain: (call: PlainCall) => Promise<PlainReply>;
}

/** `npm run build` compiles platform/thread/worker.ts beside the server build (build/platform-worker.js). */
const PLATFORM_WORKER_FILE = new URL("./platform-worker.js", import.meta.url);

let inProcess: Promise<InProcessPlatform> | undefined;

// In process, the platform reads this process's environment: check it at start-up, so that a
// production start with sandbox providers stops here, not at the first request (decision 026).
if (!env.PLATFORM_URL) loadPlatformConfig();

/** The origin of requests handed to the in-process platform (only the path and query matter to it). */
const INTERNAL_ORIGIN = "http://platform.internal";

/**
 * The in-process platform, loaded on first use: on its own worker thread when
 * the production build has one (docs/decisions/011-platform-thread.md), else
 * on this thread (tests and development run from source). This module, the
 * mount routes and platform/rules are the only places the web tier touches platform/.
 */
function inProcessPlatform(): Promise<InProcessPlatform> {
  inProcess ??= platformThreadWanted()
    ? Promise.resolve(threadPlatform(startedThread()))
    : import("../../platform/index").then(async ({ getPlatform }) => {
        const platform = await getPlatform();
        const send: PlatformHandler = (request, headers) =>
          platform.fetch(headers ? withHeaders(request, headers, INTERNAL_ORIGIN) : request);
        return { send, sendPlain: (call) => replyText(platform.fetch(plainRequest(call, INTERNAL_ORIGIN))) };
      });
  return inProcess;
}

function platformThreadWanted(): boolean {
  return (
    env.PLATFORM_THREAD === "worker" &&
    process.env.NODE_ENV === "production" &&
    existsSync(fileURLToPath(PLATFORM_WORKER_FILE))
  );
}

function startedThread(): PlatformThread {
  const thread = new PlatformThread(PLATFORM_WORKER_FILE);
  thread.start();
  return thread;
}

// The production server starts its platform thread with the process: the database is opened (on a
// first start, created) while this thread loads the pages and starts listening, not at the first
// request (decision 066).
if (!env.PLATFORM_URL && platformThreadWanted()) void inProcessPlatform();

/**
 * Sends one request to the platform: in memory by default, over HTTP when
 * PLATFORM_URL is set. Both speak the same contract. `headers`, when given,
 * replace the request's own (the mount routes drop the browser's cookies).
 */
export async function sendToPlatform(request: Request, headers?: Headers): Promise<Response> {
  // Until the reply's headers: a long download (a work-order file) streams on after it.
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException("upstream timeout", "TimeoutError")),
    env.UPSTREAM_TIMEOUT_MS,
  );
  try {
    if (env.PLATFORM_URL) {
      const response = await fetch(withHeaders(request, headers ?? request.headers, env.PLATFORM_URL, deadline.signal));
      // fetch's responses have immutable headers; Remix adds its own to whatever a route returns.
      return new Response(response.body, { status: response.status, headers: response.headers });
    }
    return await withinDeadline(
      inProcessPlatform().then((platform) => platform.send(request, headers)),
      deadline.signal,
    );
  } catch (error) {
    if (!deadline.signal.aborted) throw error;
    logTimeout(new URL(request.url).pathname);
    // Both reply shapes in one: the main API's {status, reason, key} and /third-party's {code, reason}.
    const { status, reason, code } = ERROR_CATALOGUE.TIMEOUT;
    return Response.json({ status, code, reason, key: "TIMEOUT" }, { status: 504 });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits for `pending` until `deadline` (UPSTREAM_TIMEOUT_MS). In process the
 * platform's work cannot be cut short, so the caller stops waiting for it; over
 * HTTP the same signal also aborts the request.
 */
function withinDeadline<T>(pending: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const expire = () => reject(deadline.reason);
    deadline.addEventListener("abort", expire, { once: true });
    pending.then(
      (value) => {
        deadline.removeEventListener("abort", expire);
        resolve(value);
      },
      (error: unknown) => {
        deadline.removeEventListener("abort", expire);
        reject(error);
      },
    );
  });
}

function logTimeout(path: string) {
  console.error(`[upstream] ${path}: no answer within ${env.UPSTREAM_TIMEOUT_MS} ms (UPSTREAM_TIMEOUT_MS)`);
}

/** A call that outlived UPSTREAM_TIMEOUT_MS: the pages answer 504 服务响应超时，请稍后重试. */
function timeoutError(path: string): UpstreamError {
  logTimeout(path);
  const { status, reason, http } = ERROR_CATALOGUE.TIMEOUT;
  return new UpstreamError("TIMEOUT", http, status, reason, null);
}

/**
 * How the platform learns the browser's address (docs/decisions/025): a header
 * it trusts from this process, and over HTTP only with the shared key. Without
 * an address the header is still sent, empty, so nothing else can stand in for it.
 */
export function clientAddressHeaders(address: string | undefined, userAgent?: string | null): [string, string][] {
  const headers: [string, string][] = [[CLIENT_ADDRESS_HEADER, address ?? ""]];
  if (userAgent) headers.push([CLIENT_USER_AGENT_HEADER, userAgent]);
  if (env.PLATFORM_URL && env.PLATFORM_WEB_TIER_KEY) headers.push([WEB_TIER_KEY_HEADER, env.PLATFORM_WEB_TIER_KEY]);
  return headers;
}

/**
 * Sends one plain call to the platform, by the same route as `sendToPlatform`;
 * past UPSTREAM_TIMEOUT_MS it fails with the TIMEOUT UpstreamError.
 */
async function sendPlain(call: PlainCall): Promise<PlainReply> {
  const deadline = AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS);
  try {
    if (env.PLATFORM_URL) return await replyText(fetch(plainRequest(call, env.PLATFORM_URL, deadline)));
    return await withinDeadline(
      inProcessPlatform().then((platform) => platform.sendPlain(call)),
      deadline,
    );
  } catch (error) {
    if (deadline.aborted) throw timeoutError(call.path.split("?")[0]);
    throw error;
  }
}

function plainRequest(call: PlainCall, origin: string, signal?: AbortSignal): Request {
  return new Request(new URL(call.path, origin), {
    method: call.method,
    headers: call.headers,
    body: call.body,
    signal,
  });
}

async function replyText(pending: Promise<Response>): Promise<PlainReply> {
  const response = await pending;
  return { status: response.status, text: await response.text() };
}

/** The same request (method, path and query, body) sent to `origin` with `headers`. */
function withHeaders(request: Request, headers: Headers, origin: string, signal?: AbortSignal): Request {
  const url = new URL(request.url);
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(new URL(url.pathname + url.search, origin), init);
}

export interface CallOptions {
  /** The session token; added to the body as `session` (spec §7). */
  session?: string | null;
  /** The browser's address (app/utils/client-address.server.ts), for the platform's per-address limits. */
  clientAddress?: string;
  /** The browser's User-Agent, sent with the calls that start a session (shown in the sign-in lists). */
  clientUserAgent?: string | null;
  method?: "GET" | "POST";
  /** The platform area: the main API (default) or the desk's staff calls (decision 039). */
  area?: "/api" | "/staff";
  /** Headers beyond the client address (the staff token header of /staff calls). */
  headers?: [string, string][];
}

function encode(fields: Fields): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    body.set(key, String(value));
  }
  return body.toString();
}

const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded;charset=UTF-8";

/** Calls a main-API path (e.g. "/login") and returns its {status, reason, data} reply. */
export async function callApi<T>(path: string, fields: Fields = {}, options: CallOptions = {}): Promise<Reply<T>> {
  return (await callApiWithStatus<T>(path, fields, options)).reply;
}

async function callApiWithStatus<T>(
  path: string,
  fields: Fields,
  options: CallOptions,
): Promise<{ reply: Reply<T>; httpStatus: number }> {
  const query = encode(options.session ? { ...fields, session: options.session } : fields);
  const headers = [...clientAddressHeaders(options.clientAddress, options.clientUserAgent), ...(options.headers ?? [])];
  const area = options.area ?? "/api";
  const call: PlainCall =
    (options.method ?? "POST") === "GET"
      ? { method: "GET", path: query ? `${area}${path}?${query}` : `${area}${path}`, headers, body: null }
      : {
          method: "POST",
          path: `${area}${path}`,
          headers: [...headers, ["content-type", FORM_CONTENT_TYPE]],
          body: query,
        };
  const { status, text } = await sendPlain(call);
  let reply: Reply<T> | null = null;
  try {
    reply = JSON.parse(text) as Reply<T>;
  } catch {
    // reported below
  }
  if (typeof reply?.status !== "number") throw new Error(`platform ${path}: reply without status (HTTP ${status})`);
  return { reply, httpStatus: status };
}

/**
 * Thrown by typed upstream functions when the platform refuses: the catalogue
 * key (platform/contract/errors.ts), the HTTP status of the reply, the
 * main-API status (1 refused, 2 dead session), the reason and the field it
 * belongs to. app/utils/upstream-errors.server.ts maps it for pages.
 */
export class UpstreamError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly httpStatus: number,
    readonly status: number,
    readonly reason: string,
    readonly field: string | null,
    /** The refusal's `data` beyond its field (e.g. `shortfall` of 可用余额少于套餐价格!), or null. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(`${key}: ${reason}`);
    this.name = "UpstreamError";
  }

  /**
   * What the refusal means to a page: a dead session, a missing record, a
   * permission refused, a fault of the platform (its database, a bug), or a
   * refusal of what the user sent (shown beside the form's field).
   */
  get kind(): UpstreamErrorKind {
    if (this.status === 2) return "session";
    if (this.httpStatus >= 500 || ERROR_CATALOGUE[this.key].http >= 500) return "fault";
    if (
      this.key === "NOT_FOUND" ||
      this.key === "WORK_ORDER_NOT_FOUND" ||
      this.key === "WORK_ORDER_FILE_NOT_FOUND" ||
      this.key === "INSTANCE_NOT_FOUND" ||
      this.key === "IMAGE_NOT_FOUND"
    )
      return "not-found";
    if (this.key === "PERMISSION_DENIED") return "forbidden";
    return "refused";
  }
}

export type UpstreamErrorKind = "session" | "not-found" | "forbidden" | "fault" | "refused";

/** Returns data on status 0, throws UpstreamError otherwise. */
export async function callApiOrThrow<T>(path: string, fields: Fields = {}, options: CallOptions = {}): Promise<T> {
  const { reply, httpStatus } = await callApiWithStatus<T>(path, fields, options);
  if (reply.status !== 0) {
    const field = reply.data?.field ?? null;
    // A reply from a server that does not send keys yet: its status still tells a dead session apart.
    const key = isErrorKey(reply.key) ? reply.key : reply.status === 2 ? "SESSION_INVALID" : "INTERNAL";
    throw new UpstreamError(key, httpStatus, reply.status, reply.reason, field, reply.data ?? null);
  }
  return reply.data;
}

/** One /third-party call as the typed upstream functions describe it. */
export interface ThirdPartyRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path under /third-party with its parameters filled in, e.g. "/api/v1/work-order/orders/12". */
  path: string;
  /** Sent as the query string (GET); undefined and null values are left out. */
  query?: Fields;
  /** Sent as a JSON object (POST, PUT). */
  body?: unknown;
}

export interface ThirdPartyOptions {
  /** The session token: sent as `Authorization: Bearer <token>` (spec §7). */
  token: string | null | undefined;
  clientAddress?: string;
}

/** The catalogue key of a /third-party refusal from a server that sends codes without keys. */
function keyOfThirdPartyCode(code: number, httpStatus: number): ErrorKey {
  if (code === 100031) return "SESSION_INVALID";
  if (code === 100032) return "SESSION_EXPIRED";
  if (code === 100041) return httpStatus === 404 ? "WORK_ORDER_NOT_FOUND" : "PERMISSION_DENIED";
  if (code === 100021) return httpStatus === 413 ? "PAYLOAD_TOO_LARGE" : "BODY_INVALID";
  if (code === 100022) return httpStatus === 404 ? "NOT_FOUND" : "BAD_REQUEST";
  return "INTERNAL";
}

/**
 * Calls a /third-party path with the token in the Authorization header and a
 * JSON body; returns `data` on code 0 and throws UpstreamError otherwise
 * (status 2 for the dead-token codes 100031/100032, so pages send the user to
 * the login page as for the main API).
 */
export async function callThirdPartyOrThrow<T>(request: ThirdPartyRequest, options: ThirdPartyOptions): Promise<T> {
  const query = request.query ? encode(request.query) : "";
  const headers: [string, string][] = [...clientAddressHeaders(options.clientAddress)];
  if (options.token) headers.push(["authorization", `Bearer ${options.token}`]);
  const withBody = request.method === "POST" || request.method === "PUT";
  if (withBody) headers.push(["content-type", "application/json;charset=UTF-8"]);
  const path = `/third-party${request.path}${query ? `?${query}` : ""}`;
  const { status, text } = await sendPlain({
    method: request.method,
    path,
    headers,
    body: withBody ? JSON.stringify(request.body ?? {}) : null,
  });
  let reply: ThirdPartyReply<T> | null = null;
  try {
    reply = JSON.parse(text) as ThirdPartyReply<T>;
  } catch {
    // reported below
  }
  if (typeof reply?.code !== "number") throw new Error(`platform ${request.path}: reply without code (HTTP ${status})`);
  if (reply.code === 0) return (reply as { data: T }).data;
  const refusal = reply as Exclude<ThirdPartyReply<T>, { code: 0 }>;
  const key = isErrorKey(refusal.key) ? refusal.key : keyOfThirdPartyCode(refusal.code, status);
  const dead = refusal.code === 100031 || refusal.code === 100032;
  throw new UpstreamError(key, status, dead ? 2 : 1, refusal.reason, refusal.data?.field ?? null, null);
}
