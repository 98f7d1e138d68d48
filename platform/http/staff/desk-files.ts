import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DESK_FILE_UPLOAD_PATH } from "../../contract/desk";
import { UPLOAD_BODY_MAX_BYTES } from "../../contract/uploads";
import { DomainError } from "../../modules/errors";
import { readWorkOrderFileForStaff, storeWorkOrderFile } from "../../modules/uploads/files";
import type { Env } from "../context";
import { mainApiError } from "../errors-reply";
import { servedFileResponse } from "../served-file";
import { uploadedFile } from "../upload-field";
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
    const file = await uploadedFile(c);
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
