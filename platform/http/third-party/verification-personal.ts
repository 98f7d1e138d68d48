import { Hono } from "hono";
import { z } from "zod";
import type { VerificationCalls } from "../../contract/verification";
import { fail } from "../../modules/errors";
import { pollFaceCheck, startFaceCheck } from "../../modules/verification/face-checks";
import { idCardReadingOf } from "../../modules/verification/id-card-ocr";
import { submitIdFace } from "../../modules/verification/id-face";
import * as f from "../fields";
import { toFacePrint, toIdCardReading, toVerification } from "../shapes/verification";
import { parseFields } from "../wire";
import { readThirdPartyBody } from "./body";
import type { ThirdPartyEnv } from "./index";
import { thirdPartyRoutes } from "./routes";

/**
 * Personal verification by ID card and face (issue 37 §1, decision 099): `ocr-result`, `POST verifications` (a
 * dispatch on `verify_type`), and `face-print` POST (start) and GET (poll). `ocr-image` is multipart, mounted apart
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

on("submitVerification", "POST", "/api/v1/verification/verifications", async (c) => {
  const form = await readThirdPartyBody(c);
  const { verify_type } = parseFields(z.object({ verify_type: f.int("认证类型", 0, 3) }), form);
  if (verify_type !== 0) return fail("BAD_REQUEST", "verify_type", "暂不支持该认证类型");
  const body = parseFields(idFaceBody, form);
  const entry = await submitIdFace(c.var.ctx, c.var.caller, {
    name: body.name,
    idNumber: body.id_number,
    frontFileId: body.front_file_id,
    backFileId: body.back_file_id,
  });
  return toVerification(entry);
});

on("startFacePrint", "POST", "/api/v1/verification/face-print", async (c) =>
  toFacePrint(await startFaceCheck(c.var.ctx, c.var.caller)),
);

on("pollFacePrint", "GET", "/api/v1/verification/face-print", async (c) =>
  toFacePrint(await pollFaceCheck(c.var.ctx, c.var.caller)),
);
