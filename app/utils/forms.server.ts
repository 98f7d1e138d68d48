import { data } from "@remix-run/node";
import type { z } from "zod";
import { UpstreamError } from "~/upstream/transport.server";

export type FieldErrors = Record<string, string>;

export interface FormFailure {
  ok: false;
  intent: string;
  fieldErrors: FieldErrors;
  formError: string | null;
  /** What the user typed, to put back in the form (never passwords). */
  values: Record<string, string>;
}

const SECRET_FIELDS = new Set(["password", "confirm_password"]);

export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !SECRET_FIELDS.has(key) && value.length <= 200) values[key] = value;
  }
  return values;
}

/** snake_case platform field names and camelCase module names map to the form's names. */
function formFieldName(field: string, aliases: Record<string, string>): string {
  if (aliases[field]) return aliases[field];
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Parses a form with a zod schema; the first problem per field becomes that field's message. */
export function parseForm<S extends z.ZodTypeAny>(
  schema: S,
  form: FormData,
): { success: true; data: z.infer<S> } | { success: false; fieldErrors: FieldErrors } {
  const result = schema.safeParse(Object.fromEntries(form.entries()));
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    fieldErrors[key] ??= issue.message;
  }
  return { success: false, fieldErrors };
}

/** A 400 reply that shows errors beside their fields and keeps what was typed. */
export function failure(intent: string, form: FormData, fieldErrors: FieldErrors, formError: string | null = null) {
  const body: FormFailure = { ok: false, intent, fieldErrors, formError, values: formValues(form) };
  return data(body, { status: 400 });
}

/** Turns a platform refusal into a 400 reply with the reason beside its field (or above the form). */
export function upstreamFailure(intent: string, form: FormData, error: unknown, aliases: Record<string, string> = {}) {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.field) {
    return failure(intent, form, { [formFieldName(error.field, aliases)]: error.reason });
  }
  return failure(intent, form, {}, error.reason);
}
