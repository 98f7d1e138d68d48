import type { Context } from "hono";
import { DomainError, fail } from "../modules/errors";

/**
 * The one file of an upload call (the user's /third-party file call and the
 * staff's desk upload): a multipart/form-data body with exactly one `file`
 * field, else a clear refusal (a body that is not multipart or does not parse,
 * two files, none). The body's size limit runs before, as the route's middleware.
 */
export async function uploadedFile(c: Context): Promise<File> {
  return (await uploadForm(c)).file;
}

/** uploadedFile, with the multipart body's other fields (text values only; a second file is refused above). */
export async function uploadForm(c: Context): Promise<{ file: File; fields: Record<string, string> }> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    fail("BODY_INVALID", undefined, "请以 multipart/form-data 上传文件");
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return fail("BODY_INVALID", undefined, "上传的表单无法解析");
  }
  const files = form.getAll("file");
  if (files.length > 1) fail("BAD_REQUEST", "file", "每次请求只能上传一个文件");
  const file = files[0];
  if (!(file instanceof File)) return fail("UPLOAD_EMPTY", "file");
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (name !== "file" && typeof value === "string") fields[name] = value;
  return { file, fields };
}
