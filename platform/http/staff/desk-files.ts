import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DESK_FILE_UPLOAD_PATH } from "../../contract/desk";
import { UPLOAD_BODY_MAX_BYTES } from "../../contract/uploads";
import { DomainError, fail } from "../../modules/errors";
import { readWorkOrderFileForStaff, storeWorkOrderFile } from "../../modules/uploads/files";
import type { Env } from "../context";
import { mainApiError } from "../errors-reply";
import { servedFileResponse } from "../served-file";
import { toFile } from "../shapes/work-orders";
import { ok } from "../wire";
import { staffCaller } from "./context";

/**
 * The desk's file calls (docs/decisions/037 and 039): a staff member's upload,
 * inspected and limited as the users' are and recorded as the staff member's,
 * and the read call that serves staff any order's file (not a user's upload
 * that is on no order). Mounted ahead of /staff's 64 KB body limit, with the
 * upload's own (one file of 10 MB and its framing).
 */
export const deskFilesApi = new Hono<Env>();

deskFilesApi.post(
  DESK_FILE_UPLOAD_PATH,
  bodyLimit({
    maxSize: UPLOAD_BODY_MAX_BYTES,
    onError: (c) => mainApiError(c, new DomainError("UPLOAD_TOO_LARGE")),
  }),
  async (c) => {
    const staff = await staffCaller(c);
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
    const stored = await storeWorkOrderFile(
      c.var.ctx,
      { kind: "staff", staffId: staff.staffId },
      { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
    );
    return ok(c, toFile(stored));
  },
);

deskFilesApi.get("/work-orders/files/:id", async (c) => {
  await staffCaller(c);
  const id = /^[1-9]\d{0,15}$/.test(c.req.param("id")) ? Number(c.req.param("id")) : 0;
  try {
    return servedFileResponse(await readWorkOrderFileForStaff(c.var.ctx, id));
  } catch (error) {
    if (error instanceof DomainError && error.key === "WORK_ORDER_FILE_NOT_FOUND") return mainApiError(c, error, 404);
    throw error;
  }
});

deskFilesApi.onError((error, c) => mainApiError(c, error));
