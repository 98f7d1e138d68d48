/**
 * Domain errors. Modules throw these; platform/http maps them to the wire
 * through the one error catalogue in platform/contract/errors.ts.
 */
import type { ErrorKey } from "../contract/errors";

export type { ErrorKey };

export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    /** The form field the error belongs to, so the page can show it next to that field. */
    readonly field?: string,
    /** Replaces the catalogue's reason when the situation needs a more precise sentence. */
    readonly detail?: string,
    readonly data?: unknown,
  ) {
    super(detail ?? key);
    this.name = "DomainError";
  }
}

export const fail = (key: ErrorKey, field?: string, detail?: string, data?: unknown): never => {
  throw new DomainError(key, field, detail, data);
};
