import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { UPLOAD_BODY_MAX_BYTES } from "../../contract/uploads";
import type { ThirdPartyOkReply, WorkOrderFileWire } from "../../contract/work-orders";
import { resolveSession } from "../../modules/accounts/sessions";
import { DomainError } from "../../modules/errors";
import { readWorkOrderFile, storeWorkOrderFile } from "../../modules/uploads/files";
import { userActor } from "../../modules/work-orders/events";
import { visitor, type Env } from "../context";
import { thirdPartyError } from "../errors-reply";
import { servedFileResponse } from "../served-file";
import { uploadedFile } from "../upload-field";
import { toFile } from "../shapes/work-orders";

/**
 * The upload calls of /third-party (docs/decisions/037-uploads.md):
 * POST /api/v1/work-order/file stores one file (multipart, field `file`) and
 * answers its id and URL; GET /api/v1/work-order/file/:id answers the bytes to
 * the uploader and the order's owner, 100041 (HTTP 404) to anyone else.
 *
 * Mounted ahead of /third-party's 64 KB body limit (platform/http/app.ts): the
 * upload has its own, one file of 10 MB and its framing, checked against the
 * declared length before reading and counted while reading.
 */
export const workOrderFileApi = new Hono<Env>();

const callerOf = (c: Context<Env>) => {
  const header = c.req.header("authorization") ?? "";
  const token = header.replace(/^Bearer\s+/i, "").trim() || undefined;
  return resolveSession(c.var.ctx, visitor(c), { token });
};

workOrderFileApi.post(
  "/api/v1/work-order/file",
  bodyLimit({
    maxSize: UPLOAD_BODY_MAX_BYTES,
    onError: (c) => thirdPartyError(c, new DomainError("UPLOAD_TOO_LARGE")),
  }),
  async (c) => {
    const caller = await callerOf(c);
    const file = await uploadedFile(c);
    const stored = await storeWorkOrderFile(c.var.ctx, userActor(caller), {
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    const reply: ThirdPartyOkReply<WorkOrderFileWire> = {
      code: 0,
      reason: "",
      message: "",
      data: toFile(stored),
    };
    return c.json(reply);
  },
);

workOrderFileApi.get("/api/v1/work-order/file/:id", async (c) => {
  const caller = await callerOf(c);
  const id = /^[1-9]\d{0,15}$/.test(c.req.param("id")) ? Number(c.req.param("id")) : 0;
  return servedFileResponse(await readWorkOrderFile(c.var.ctx, caller, id));
});

workOrderFileApi.onError((error, c) => thirdPartyError(c, error));
