import type { Context } from "hono";
import { defaultErrorMap, type z } from "zod";
import { DomainError, fail } from "../modules/errors";
import { ILLEGAL_CHARACTERS, MULTI_LINE_SAFE } from "../rules/fields";

export type Form = Record<string, unknown>;

/**
 * The request's fields: the form-urlencoded (or multipart) body for POST, the
 * query string for GET. A malformed body is a BAD_REQUEST, never an exception,
 * and so is a field (or a field name) with a control character other than tab,
 * CR and LF, or a lone surrogate: no module ever sees one (the field rules of
 * platform/rules/fields.ts refuse tab, CR and LF too in single-line fields).
 */
export async function readForm(c: Context): Promise<Form> {
  return refuseControlCharacters(await readFields(c));
}

/** The guard of readForm: the first field that carries a control character is refused by name. */
export function refuseControlCharacters(form: Form): Form {
  for (const [key, value] of Object.entries(form)) {
    if (!MULTI_LINE_SAFE.test(key)) fail("BAD_REQUEST", undefined, `请求参数${ILLEGAL_CHARACTERS}`);
    if (!isSafeValue(value)) fail("BAD_REQUEST", key, `字段 ${key.slice(0, 64)} ${ILLEGAL_CHARACTERS}`);
  }
  return form;
}

function isSafeValue(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return MULTI_LINE_SAFE.test(value);
  if (depth > 8) return false;
  if (Array.isArray(value)) return value.every((v) => isSafeValue(v, depth + 1));
  if (value && typeof value === "object" && !(value instanceof Blob))
    return Object.entries(value).every(([k, v]) => MULTI_LINE_SAFE.test(k) && isSafeValue(v, depth + 1));
  return true;
}

async function readFields(c: Context): Promise<Form> {
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    // As in a body, a repeated parameter is a wrong type, not a silently chosen value.
    const query: Form = {};
    for (const [key, values] of Object.entries(c.req.queries())) query[key] = values.length === 1 ? values[0] : values;
    return query;
  }
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body: unknown = await c.req.json();
      if (!body || typeof body !== "object" || Array.isArray(body))
        return fail("BAD_REQUEST", undefined, "请求体格式不正确");
      return body as Form;
    }
    if (type === "" || type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const text = type.includes("multipart/form-data") ? null : await c.req.text();
      if (text !== null) {
        const form: Form = {};
        for (const [key, value] of new URLSearchParams(text)) {
          // A repeated field is a wrong type, not a silently chosen value.
          form[key] = key in form ? [form[key], value].flat() : value;
        }
        return form;
      }
      return (await c.req.parseBody({ all: true })) as Form;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return fail("BAD_REQUEST", undefined, "请求体格式不正确");
  }
  return fail("BAD_REQUEST", undefined, "请使用 application/x-www-form-urlencoded 提交");
}

/**
 * zod's own messages are English ("Expected string, received number"); a field
 * rule without a Chinese message of its own gets one of these, naming the field,
 * so no refusal ever shows a user English.
 */
const chineseFallback: z.ZodErrorMap = (issue, ctx) => {
  if (ctx.defaultError !== defaultErrorMap(issue, { data: ctx.data, defaultError: "" }).message)
    return { message: ctx.defaultError };
  const field = issue.path.map(String).join(".").slice(0, 64) || "请求参数";
  if (issue.code === "invalid_type" && issue.received === "undefined") return { message: `缺少参数 ${field}` };
  if (issue.code === "invalid_type") return { message: `参数 ${field} 格式不正确` };
  return { message: `参数 ${field} 不合法` };
};

/** Validates fields with a zod schema; the first problem becomes a BAD_REQUEST naming its field. */
export function parseFields<S extends z.ZodTypeAny>(schema: S, form: Form): z.infer<S> {
  const result = schema.safeParse(form, { errorMap: chineseFallback });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") || undefined;
  return fail("BAD_REQUEST", field, issue?.message ?? "请求参数不合法");
}

/** The main API's success reply. */
export function ok(c: Context, data: unknown = null) {
  return c.json({ status: 0, reason: "", data });
}
