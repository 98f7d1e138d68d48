import type { Context } from "hono";
import { DomainError, fail } from "../../modules/errors";
import { refuseControlCharacters, type Form } from "../wire";

/**
 * The body of a /third-party POST or PUT: a JSON object (or form-urlencoded
 * fields). Anything else, malformed JSON, or a JSON value that is not an
 * object is 100021 (BODY_INVALID); a field with a control character is 100022.
 * The size was already bounded by the mount's body limit (100021, 413).
 */
export async function readThirdPartyBody(c: Context): Promise<Form> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  let body: unknown;
  try {
    if (type.includes("application/json")) {
      body = await c.req.json();
    } else if (type.includes("application/x-www-form-urlencoded")) {
      const form: Form = {};
      for (const [key, value] of new URLSearchParams(await c.req.text())) {
        form[key] = key in form ? [form[key], value].flat() : value;
      }
      body = form;
    } else {
      return fail("BODY_INVALID", undefined, "请使用 application/json 提交");
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return fail("BODY_INVALID");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return fail("BODY_INVALID");
  return refuseControlCharacters(body as Form);
}
