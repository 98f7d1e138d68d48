import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { BodyRefused, checkDeclaredLength, concatBytes, countedBody, mediaType, tooLarge } from "./request-body.server";

/** What a page with file uploads accepts (the work-order forms will set their own). */
export interface UploadLimits {
  /** The largest single file, in bytes. */
  maxFileBytes: number;
  /** The largest whole body (files, fields and multipart framing), in bytes. */
  maxTotalBytes: number;
  /** How many files one post may carry. */
  maxFiles: number;
  /** The largest text field, in bytes (default 64 KB). */
  maxFieldBytes?: number;
  /**
   * "refuse" (the default): a file over maxFileBytes refuses the whole body
   * (413). "note": its bytes are read and dropped (the total limit still
   * holds) and the field gets an OversizeFile note in its place, so the page
   * can show the reason beside the field and keep the text fields.
   */
  oversizeFile?: "refuse" | "note";
}

/** What stands in a form field for a file over maxFileBytes when `oversizeFile: "note"`: its name and the reason. */
export const OVERSIZE_FILE_PREFIX = "oversize-file:";

/** The notes readUploadForm left in `field` for files over the limit: each file's name and the reason in Chinese. */
export function oversizeFiles(form: FormData, field: string): { name: string; reason: string }[] {
  return form.getAll(field).flatMap((v) => {
    if (typeof v !== "string" || !v.startsWith(OVERSIZE_FILE_PREFIX)) return [];
    const { name, reason } = JSON.parse(v.slice(OVERSIZE_FILE_PREFIX.length)) as { name: string; reason: string };
    return [{ name, reason }];
  });
}

/**
 * A multipart form with files, parsed as it streams in (Remix's multipart
 * parser with an upload handler that counts every part's bytes): a file over
 * its limit, too many files, or a body over the total limit is refused with
 * 413 at the byte that crosses the line, and nothing beyond the limits is
 * ever held. A body that is not multipart is 415; a broken one is 400.
 */
export async function readUploadForm(request: Request, limits: UploadLimits): Promise<FormData> {
  if (mediaType(request) !== "multipart/form-data") throw new BodyRefused(415, "请以表单上传文件");
  checkDeclaredLength(request, limits.maxTotalBytes);
  if (!request.body) throw new BodyRefused(400, "提交的表单无法解析，请刷新页面后重试");
  const counted = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: countedBody(request.body, limits.maxTotalBytes),
    duplex: "half",
  } as RequestInit);
  try {
    return await unstable_parseMultipartFormData(counted, countingHandler(limits));
  } catch (error) {
    if (error instanceof BodyRefused) throw error;
    throw new BodyRefused(400, "提交的表单无法解析，请刷新页面后重试");
  }
}

function countingHandler(limits: UploadLimits): UploadHandler {
  let files = 0;
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  return async ({ filename, contentType, data }) => {
    const isFile = filename !== undefined;
    if (isFile && ++files > limits.maxFiles) throw new BodyRefused(413, `一次最多上传 ${limits.maxFiles} 个文件`);
    const max = isFile ? limits.maxFileBytes : maxFieldBytes;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let oversize = false;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > max) {
        if (!isFile || limits.oversizeFile !== "note") throw isFile ? fileTooLarge(limits.maxFileBytes) : tooLarge(max);
        // Read on and drop: the body's total limit (countedBody) still ends a body that is too large.
        oversize = true;
        chunks.length = 0;
      }
      if (!oversize) chunks.push(chunk);
    }
    if (oversize)
      return `${OVERSIZE_FILE_PREFIX}${JSON.stringify({ name: filename, reason: fileTooLarge(limits.maxFileBytes).message })}`;
    if (!isFile) return new TextDecoder().decode(concatBytes(chunks, size));
    return new File(chunks, filename, { type: contentType });
  };
}

const fileTooLarge = (max: number) =>
  new BodyRefused(
    413,
    `单个文件不能超过 ${max >= 1024 * 1024 ? `${Math.round(max / 1048576)} MB` : `${Math.round(max / 1024)} KB`}`,
  );
