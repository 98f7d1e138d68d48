import type { Context } from "hono";
import { DomainError } from "../modules/errors";
import { ERROR_CATALOGUE } from "./errors";

function asDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  console.error("[platform] unexpected error", error);
  return new DomainError("INTERNAL");
}

/** Main API: HTTP 200 with a non-zero status and the reason; 500 only for faults of ours. */
export function mainApiError(c: Context, error: unknown) {
  const e = asDomainError(error);
  const entry = ERROR_CATALOGUE[e.key];
  const reason = e.detail ?? entry.reason;
  const data = e.field || e.data ? { field: e.field ?? null, ...(e.data as object | undefined) } : null;
  const http = e.key === "INTERNAL" || e.key === "DATABASE" ? 500 : e.key === "PAYLOAD_TOO_LARGE" ? 413 : 200;
  return c.json({ status: entry.status, reason, data }, http);
}

/** Third-party: the HTTP status and the numeric codes of spec §8. */
export function thirdPartyError(c: Context, error: unknown) {
  const e = asDomainError(error);
  const entry = ERROR_CATALOGUE[e.key];
  const reason = e.detail ?? entry.reason;
  return c.json(
    { code: entry.code, reason, message: reason, data: e.field ? { field: e.field } : null },
    entry.http as 400,
  );
}
