import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { UPLOAD_BODY_MAX_BYTES } from "../../contract/uploads";
import {
  VERIFICATION_FILE_UPLOAD_PATH,
  type VerificationFilePurposeWire,
  type VerificationFileWire,
} from "../../contract/verification";
import type { ThirdPartyOkReply } from "../../contract/work-orders";
import { VERIFICATION_FILE_PURPOSES } from "../../db/verification-schema";
import { resolveSession } from "../../modules/accounts/sessions";
import { DomainError, fail } from "../../modules/errors";
import { readOwnVerificationFile, storeVerificationFile } from "../../modules/verification/files";
import { visitor, type Env } from "../context";
import { thirdPartyError } from "../errors-reply";
import { toVerificationFile } from "../shapes/verification";
import { uploadForm } from "../upload-field";
import { verificationFileResponse } from "../verification-file-response";
import { bearerToken } from "./token";

/**
 * The verification file calls (issue 37 §3, decision 097): POST stores one sealed file (multipart `file` and
 * `purpose`), GET answers its bytes to the owner while its application is pending, with `Cache-Control: no-store`.
 * Mounted ahead of /third-party's 64 KB body limit, like the work-order upload (platform/http/app.ts).
 */
export const verificationFileApi = new Hono<Env>();

const callerOf = (c: Context<Env>) => resolveSession(c.var.ctx, visitor(c), { token: bearerToken(c) });

const isPurpose = (value: string | undefined): value is VerificationFilePurposeWire =>
  (VERIFICATION_FILE_PURPOSES as readonly string[]).includes(value ?? "");

verificationFileApi.post(
  VERIFICATION_FILE_UPLOAD_PATH,
  bodyLimit({
    maxSize: UPLOAD_BODY_MAX_BYTES,
    onError: (c) => thirdPartyError(c, new DomainError("UPLOAD_TOO_LARGE", "file")),
  }),
  async (c) => {
    const caller = await callerOf(c);
    const { file, fields } = await uploadForm(c);
    const purpose = fields.purpose;
    if (!isPurpose(purpose)) return fail("BAD_REQUEST", "purpose", "请说明上传的是哪种材料");
    const stored = await storeVerificationFile(c.var.ctx, caller, {
      purpose,
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    const reply: ThirdPartyOkReply<VerificationFileWire> = {
      code: 0,
      reason: "",
      message: "",
      data: toVerificationFile(stored),
    };
    return c.json(reply, 200, { "cache-control": "private, no-store" });
  },
);

verificationFileApi.get(`${VERIFICATION_FILE_UPLOAD_PATH}/:id`, async (c) => {
  const caller = await callerOf(c);
  const id = /^[1-9]\d{0,15}$/.test(c.req.param("id")) ? Number(c.req.param("id")) : 0;
  return verificationFileResponse(await readOwnVerificationFile(c.var.ctx, caller, id));
});

verificationFileApi.onError((error, c) => thirdPartyError(c, error));
