import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { UPLOAD_BODY_MAX_BYTES } from "../../contract/uploads";
import { ID_CARD_OCR_PATH, type IdCardReadingWire } from "../../contract/verification";
import type { ThirdPartyOkReply } from "../../contract/work-orders";
import { resolveSession } from "../../modules/accounts/sessions";
import { DomainError, fail } from "../../modules/errors";
import { readIdCardImage } from "../../modules/verification/id-card-ocr";
import { visitor, type Env } from "../context";
import { thirdPartyError } from "../errors-reply";
import { toIdCardReading } from "../shapes/verification";
import { uploadForm } from "../upload-field";
import { bearerToken } from "./token";

/**
 * `POST /api/v1/verification/ocr-image` (issue 37 §1, decision 097's addendum): multipart `file` and `side` (front |
 * back); the stored file's id and what OCR read. Mounted ahead of /third-party's 64 KB body limit, like the file call.
 */
export const verificationOcrApi = new Hono<Env>();

verificationOcrApi.post(
  ID_CARD_OCR_PATH,
  bodyLimit({
    maxSize: UPLOAD_BODY_MAX_BYTES,
    onError: (c) => thirdPartyError(c, new DomainError("UPLOAD_TOO_LARGE", "file")),
  }),
  async (c) => {
    const caller = await resolveSession(c.var.ctx, visitor(c), { token: bearerToken(c) });
    const { file, fields } = await uploadForm(c);
    const side = fields.side;
    if (side !== "front" && side !== "back") return fail("BAD_REQUEST", "side", "请说明上传的是身份证的哪一面");
    const reading = await readIdCardImage(c.var.ctx, caller, {
      side,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    const reply: ThirdPartyOkReply<IdCardReadingWire> = {
      code: 0,
      reason: "",
      message: "",
      data: toIdCardReading(reading),
    };
    return c.json(reply);
  },
);

verificationOcrApi.onError((error, c) => thirdPartyError(c, error));
