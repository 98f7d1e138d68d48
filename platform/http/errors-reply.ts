import type { Context } from "hono";
import { DomainError } from "../modules/errors";
import { ERROR_CATALOGUE, type ApiErrorReply } from "../contract/errors";
import { describeFault } from "../modules/fault-log";

function asDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  console.error(`[platform] unexpected error ${describeFault(error)}`);
  return new DomainError("INTERNAL");
}

/** The refusal of a path the main API does not have (HTTP 404). */
export const UNKNOWN_PATH = new DomainError("NOT_FOUND", undefined, "接口不存在");

/** Main API: HTTP 200 with a non-zero status and the reason; 500 only for faults of ours. */
export function mainApiError(c: Context, error: unknown, httpStatus?: 404) {
  const e = asDomainError(error);
  const entry = ERROR_CATALOGUE[e.key];
  const reason = e.detail ?? entry.reason;
  const data = e.field || e.data ? { field: e.field ?? null, ...(e.data as object | undefined) } : null;
  const http =
    httpStatus ?? (e.key === "INTERNAL" || e.key === "DATABASE" ? 500 : e.key === "PAYLOAD_TOO_LARGE" ? 413 : 200);
  const reply: ApiErrorReply = { status: entry.status, reason, key: e.key, data };
  return c.json(reply, http);
}

/** Third-party: the HTTP status and the numeric codes of spec §8. */
export function thirdPartyError(c: Context, error: unknown) {
  const e = asDomainError(error);
  const entry = ERROR_CATALOGUE[e.key];
  const reason = e.detail ?? entry.reason;
  // `data` names the field, and carries what the refusal says beyond its reason (102252's retry_at).
  const data = e.field || e.data ? { ...(e.field && { field: e.field }), ...(e.data as object | undefined) } : null;
  return c.json({ code: entry.code, reason, message: reason, key: e.key, data }, entry.http as 400);
}
