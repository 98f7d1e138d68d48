/**
 * Page actions read their body only through here (docs/decisions/027): the
 * limit is checked against Content-Length before anything is read, and the
 * bytes are counted as they arrive when there is no length (chunked), so no
 * more than the limit is ever held in memory.
 */

/** The largest plain form (urlencoded or multipart without files) a page accepts. */
export const FORM_MAX_BYTES = 64 * 1024;

/** A body the page will not read: too large (413), of a type pages do not take (415), or malformed (400). */
export class BodyRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = "BodyRefused";
  }
}

export const tooLarge = (maxBytes: number) =>
  new BodyRefused(413, `提交的内容过大（上限 ${formatBytes(maxBytes)}），请精简后重试`);
const unsupported = () => new BodyRefused(415, "不支持的提交格式，请在本站页面上提交表单");
const malformed = () => new BodyRefused(400, "提交的表单无法解析，请刷新页面后重试");

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** The media type of the body, lower case, without parameters. */
export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Refuses before reading when the declared length is over the limit. */
export function checkDeclaredLength(request: Request, maxBytes: number): void {
  const declared = request.headers.get("content-length");
  if (declared === null) return;
  const length = Number(declared);
  if (!Number.isFinite(length) || length < 0) throw malformed();
  if (length > maxBytes) throw tooLarge(maxBytes);
}

/**
 * A copy of the body stream that fails with 413 once more than `maxBytes`
 * have passed through it; the source is cancelled at that point.
 */
export function countedBody(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > maxBytes) {
        controller.error(tooLarge(maxBytes));
        discardRest(reader);
        return;
      }
      controller.enqueue(value);
    },
    // A reader that gives up (the multipart parser refusing a file) leaves the rest to be discarded too.
    cancel() {
      discardRest(reader);
    },
  });
}

/** How long the rest of a refused body is read and thrown away before the connection is dropped. */
const DISCARD_MS = 5_000;

/**
 * Reads what is left of a refused body and throws it away (nothing is kept),
 * for a few seconds at most, then cancels it. Cancelling at once would reset
 * the connection while the client is still sending, and a browser would show
 * a network error instead of the 413 page (the "lingering close" of servers).
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const until = Date.now() + DISCARD_MS;
  void (async () => {
    try {
      while (Date.now() < until) if ((await reader.read()).done) return;
      await reader.cancel();
    } catch {
      // the client went away
    }
  })();
}

/** Reads the whole body, at most `maxBytes` of it. */
async function readAtMost(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = countedBody(request.body, maxBytes).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  return concatBytes(chunks, size);
}

/** The chunks of a body read so far, as one array of `size` bytes. */
export function concatBytes(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The posted form, read within `maxBytes`. JSON, text/plain or any other
 * type is refused with 415 unread, a broken form with 400, a large one with 413.
 */
export async function readForm(request: Request, maxBytes: number = FORM_MAX_BYTES): Promise<FormData> {
  const type = mediaType(request);
  checkDeclaredLength(request, maxBytes);
  if (type === "" && (!request.body || request.headers.get("content-length") === "0")) return new FormData();
  if (!FORM_TYPES.has(type)) throw unsupported();
  const bytes = await readAtMost(request, maxBytes);
  try {
    return await new Response(bytes, { headers: { "content-type": request.headers.get("content-type")! } }).formData();
  } catch {
    throw malformed();
  }
}
