import { chosenFiles, UPLOAD_FILE_MAX_BYTES } from "~/upstream/uploads.server";
import { BodyRefused } from "./request-body.server";
import { readUploadForm } from "./upload-form.server";

/** One file and its multipart framing. */
const LIMITS = { maxFileBytes: UPLOAD_FILE_MAX_BYTES, maxFiles: 1, maxTotalBytes: UPLOAD_FILE_MAX_BYTES + 64 * 1024 };

/** An answer to the editor's image upload: JSON, never cached. */
export const editorUploadReply = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

/** A GET of an upload route (a link followed, an address typed): 405, in the editor's reply shape. */
export const uploadLoader = () =>
  Response.json(
    { error: "请在编辑器中选择图片上传" },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "private, no-store" } },
  );

/**
 * The one `file` of an editor's upload (the users' and the desk's routes),
 * or the answer refusing the body: its reason with 413/400 when the framing
 * or size is refused, 400 when no file was chosen.
 */
export async function readEditorUpload(request: Request): Promise<File | Response> {
  let form: FormData;
  try {
    form = await readUploadForm(request, LIMITS);
  } catch (error) {
    if (error instanceof BodyRefused) return editorUploadReply({ error: error.message }, error.status);
    throw error;
  }
  const [file] = chosenFiles(form, "file");
  return file ?? editorUploadReply({ error: "请选择要上传的文件" }, 400);
}

/** What the editor reads of a stored file. */
export function storedFileReply(stored: {
  id: unknown;
  url: unknown;
  name: unknown;
  mime: unknown;
  width: unknown;
  height: unknown;
}): Response {
  const { id, url, name, mime, width, height } = stored;
  return editorUploadReply({ id, url, name, mime, width, height });
}
