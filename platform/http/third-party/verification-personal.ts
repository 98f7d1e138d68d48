import { Hono } from "hono";
import { z } from "zod";
import type { VerificationCalls } from "../../contract/verification";
import type { Caller, Ctx } from "../../modules/context";
import { pollFaceCheck, startFaceCheck } from "../../modules/verification/face-checks";
import { idCardReadingOf } from "../../modules/verification/id-card-ocr";
import { submitIdFace } from "../../modules/verification/id-face";
import * as f from "../fields";
import { toFacePrint, toIdCardReading, toVerification } from "../shapes/verification";
import { parseFields, type Form } from "../wire";
import { readThirdPartyBody } from "./body";
import type { ThirdPartyEnv } from "./index";
import { thirdPartyRoutes } from "./routes";

/**
 * Personal verification by ID card and face (issue 37 §1, decision 099): `ocr-result`, the ID card application of
 * `POST verifications` (verify_type 0), and `face-print` POST (start) and GET (poll). `ocr-image` is multipart, mounted apart
 * (verification-ocr.ts).
 */
export const verificationPersonalApi = new Hono<ThirdPartyEnv>();
const on = thirdPartyRoutes<VerificationCalls>(verificationPersonalApi);

on("ocrResult", "POST", "/api/v1/verification/ocr-result", async (c) => {
  const body = parseFields(z.object({ file_id: f.id("文件编号") }), await readThirdPartyBody(c));
  return toIdCardReading(await idCardReadingOf(c.var.ctx, c.var.caller, body.file_id));
});

const typed = (label: string, max: number) => f.text(label, max).default("");

const idFaceBody = z.object({
  method: z.literal("id_face", { errorMap: () => ({ message: "请选择认证方式" }) }),
  name: typed("姓名", 40),
  id_number: typed("身份证号", 32),
  front_file_id: f.id("身份证人像面"),
  back_file_id: f.id("身份证国徽面"),
});

/** `POST verifications` with verify_type 0 (dispatched in verification.ts): the ID card application, pending its face check. */
export async function idFaceApplication(ctx: Ctx, caller: Caller, form: Form) {
  const body = parseFields(idFaceBody, form);
  const entry = await submitIdFace(ctx, caller, {
    name: body.name,
    idNumber: body.id_number,
    frontFileId: body.front_file_id,
    backFileId: body.back_file_id,
  });
  return toVerification(entry);
}

on("startFacePrint", "POST", "/api/v1/verification/face-print", async (c) =>
  toFacePrint(await startFaceCheck(c.var.ctx, c.var.caller)),
);

on("pollFacePrint", "GET", "/api/v1/verification/face-print", async (c) =>
  toFacePrint(await pollFaceCheck(c.var.ctx, c.var.caller)),
);
