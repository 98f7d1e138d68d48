import { data } from "@remix-run/node";
import type { z } from "zod";
import { getCaptcha, type CaptchaWire } from "~/upstream/security.server";
import { UpstreamError } from "~/upstream/transport.server";
import { assertSameOrigin } from "./origin.server";
import { BodyRefused, FORM_MAX_BYTES, readForm } from "./request-body.server";
import { requestedRedirect } from "./safe-redirect";
import { redirectWithToast } from "./toast.server";
import { upstreamErrorResponse } from "./upstream-errors.server";

export type FieldErrors = Record<string, string>;

/**
 * What every form action answers when it does not redirect, read on the page
 * with `useActionData<typeof action>()`: the intent it answers, a notice on
 * success, or errors beside their fields (or above the form), and what the user
 * typed (never a password).
 */
export interface ActionResult {
  ok: boolean;
  intent: string;
  notice: string | null;
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
  /** A CAPTCHA to pass before the next try (`CaptchaField`), when the platform asked for one (decision 025). */
  captcha: CaptchaWire | null;
}

/** An action's answer that is not a redirect: its result with its HTTP status. */
export type ActionReply = ReturnType<typeof data<ActionResult>>;

/** One intent's business step: its input schema and what it does with the parsed input. */
export interface IntentStep<Guard, Input> {
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>;
  /**
   * A redirect, or a notice to show; `values` are handed back to the page beside what was typed (the next step's
   * state that must not travel in a URL, e.g. a one-time proof kept in a hidden field).
   */
  run(
    input: Input,
    step: { request: Request; form: FormData; guard: Guard },
  ): Promise<Response | { notice: string; values?: Record<string, string> }>;
}

/** Builds one intent's step for a given guard; the input type comes from the schema. */
export type IntentBuilder<Guard> = <S extends z.ZodTypeAny>(
  schema: S,
  run: IntentStep<Guard, z.output<S>>["run"],
) => IntentStep<Guard, z.output<S>>;

const buildIntent = <Guard, S extends z.ZodTypeAny>(
  schema: S,
  run: IntentStep<Guard, z.output<S>>["run"],
): IntentStep<Guard, z.output<S>> => ({ schema, run });

export interface FormActionSpec<Guard> {
  /** The session guard (`requireUser`, `requireMainAccount`), or a function that lets anyone in. */
  guard: (request: Request) => Promise<Guard>;
  /** The page's intents by name, each built with `intent(schema, run)`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step keeps its own input type
  intents: (intent: IntentBuilder<Guard>) => Record<string, IntentStep<Guard, any>>;
  /** Checked before any intent runs (a honeypot); a string is shown above the form. */
  before?: (form: FormData) => string | null;
  /** Platform field names that are named otherwise in the form ("mainPhone" → "phone"). */
  fieldAliases?: Record<string, string>;
  /** The largest body the page accepts, in bytes (default 64 KB). */
  maxBytes?: number;
  /** Reads the body instead of `readForm` (a multipart form with files: `readUploadForm`). */
  read?: (request: Request) => Promise<FormData>;
  /** Fields put back on an error whatever their length (a markdown body), besides the short ones. */
  keepFields?: string[];
}

const SECRET_FIELDS = new Set(["password", "confirm_password", "new_password"]);
const STALE_FORM = "请求有误，请刷新页面后重试";

/**
 * The one way a page handles a form post (docs/decisions/021), in order: the
 * origin check, the body (its limit checked before reading, then counted as it
 * is read; 413/415/400 unread), the session guard, the `intent` dispatch, the
 * zod parse, the business step, and the mapping of a platform refusal (beside
 * its field, or the page's 404/403/500, or /login for a dead session).
 */
export async function formAction<Guard>(
  request: Request,
  spec: FormActionSpec<Guard>,
): Promise<Response | ActionReply> {
  assertSameOrigin(request);
  const maxBytes = spec.maxBytes ?? FORM_MAX_BYTES;
  let form: FormData;
  try {
    form = await (spec.read ? spec.read(request) : readForm(request, maxBytes));
  } catch (error) {
    if (error instanceof BodyRefused) return bodyRefusal(request, error);
    throw error;
  }
  const guard = await spec.guard(request);
  // A line break in a redirect target is a forged request: 400 before any step runs.
  if (form.has("redirectTo")) requestedRedirect(form.get("redirectTo"));
  const name = String(form.get("intent") ?? "");
  const failure = failureKeeping(spec.keepFields ?? []);
  const intents = spec.intents(buildIntent);
  const step = Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!step) return failure(name, form, {}, STALE_FORM);
  const refusal = spec.before?.(form);
  if (refusal) return failure(name, form, {}, refusal);
  const parsed = step.schema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) {
    const { fieldErrors, formError } = errorsOf(parsed.error);
    return failure(name, form, fieldErrors, formError, await nextCaptcha(form, null));
  }
  try {
    const done = await step.run(parsed.data, { request, form, guard });
    if (done instanceof Response) return done;
    const answered = result(name, form, { ok: true, notice: done.notice }, spec.keepFields);
    return data({ ...answered, values: { ...answered.values, ...done.values } });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.kind !== "refused") throw await upstreamErrorResponse(request, error);
    const captcha = await nextCaptcha(form, error);
    if (error.field)
      return failure(name, form, { [formFieldName(error.field, spec.fieldAliases)]: error.reason }, null, captcha);
    return failure(name, form, {}, error.reason, captcha);
  }
}

/**
 * A new CAPTCHA after a refusal that asks for one, or after any failed try that
 * passed one (each challenge passes once, so the next try needs another).
 */
async function nextCaptcha(form: FormData, error: UpstreamError | null): Promise<CaptchaWire | null> {
  const asked = error?.key === "CAPTCHA_REQUIRED" || error?.key === "CAPTCHA_INVALID";
  return asked || form.get("captcha_id") ? getCaptcha() : null;
}

/**
 * A body the page would not read: a browser navigation without JavaScript gets
 * the status page (413 内容过大, 415, 400); a post from the page's JavaScript
 * gets the message above the form, with the same status.
 */
function bodyRefusal(request: Request, refused: BodyRefused): ActionReply {
  if (request.headers.get("sec-fetch-mode") === "navigate" || !request.headers.has("sec-fetch-mode"))
    throw new Response(refused.message, { status: refused.status });
  return data(result("", new FormData(), { formError: refused.message }), { status: refused.status });
}

/**
 * formAction for a resource route's form (one with no page of its own to show
 * errors on: /logout, mark-all-read): a refusal goes back to `back` with its
 * reason as an error toast in the bar, not as a bare JSON body the browser
 * would show on a page of its own.
 */
export async function resourceFormAction<Guard>(
  request: Request,
  spec: FormActionSpec<Guard>,
  back: string,
): Promise<Response> {
  const reply = await formAction(request, spec);
  if (reply instanceof Response) return reply;
  const { formError, fieldErrors } = reply.data;
  const message = formError ?? Object.values(fieldErrors)[0] ?? STALE_FORM;
  return redirectWithToast(back, { type: "error", message, place: "bar" });
}

/** Lets anyone post (login, registration). */
export const anyone = async (): Promise<null> => null;

/** The first problem per field becomes that field's message; a problem of the whole form goes above it. */
export function errorsOf(error: z.ZodError): { fieldErrors: FieldErrors; formError: string | null } {
  const fieldErrors: FieldErrors = {};
  let formError: string | null = null;
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (key) fieldErrors[key] ??= issue.message;
    else formError ??= issue.message;
  }
  return { fieldErrors, formError };
}

/** snake_case platform field names and camelCase module names map to the form's names. */
function formFieldName(field: string, aliases: Record<string, string> = {}): string {
  return aliases[field] ?? field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** What the user typed, to put back in the form: short strings, never secrets. */
function formValues(form: FormData, keep: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (
      typeof value === "string" &&
      key !== "intent" &&
      !SECRET_FIELDS.has(key) &&
      !key.startsWith("captcha_") &&
      (value.length <= 200 || keep.includes(key))
    )
      values[key] = value;
  }
  return values;
}

function result(
  intent: string,
  form: FormData,
  part: Partial<ActionResult>,
  keep: readonly string[] = [],
): ActionResult {
  return {
    ok: false,
    intent,
    notice: null,
    fieldErrors: {},
    formError: null,
    values: formValues(form, keep),
    captcha: null,
    ...part,
  };
}

/** A 400 answer that shows errors beside their fields and keeps what was typed (`keep`: whatever its length). */
const failureKeeping =
  (keep: readonly string[]) =>
  (
    intent: string,
    form: FormData,
    fieldErrors: FieldErrors,
    formError: string | null = null,
    captcha: CaptchaWire | null = null,
  ) =>
    data(result(intent, form, { fieldErrors, formError, captcha }, keep), { status: 400 });
