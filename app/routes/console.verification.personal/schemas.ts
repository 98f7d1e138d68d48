import { z } from "zod";
import { idNumberField, personNameField } from "~/utils/verification-fields";
import { OVERSIZE_FILE_PREFIX } from "~/utils/upload-form.server";

/** One photo of the form: a non-empty file, or the reason it was dropped (over the size limit) beside its field. */
const photo = (label: string) =>
  z.unknown().transform((value, ctx) => {
    if (value instanceof File && value.size > 0) return value;
    const oversize = typeof value === "string" && value.startsWith(OVERSIZE_FILE_PREFIX);
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: oversize ? "照片不能超过 10 MB，请压缩后重新上传" : `请上传${label}照片`,
    });
    return z.NEVER;
  });

export const UploadSchema = z.object({ front: photo("身份证人像面"), back: photo("身份证国徽面") });

const fileId = z
  .string({ required_error: "请重新上传身份证照片" })
  .regex(/^[1-9]\d{0,14}$/, "请重新上传身份证照片")
  .transform(Number);

export const ConfirmSchema = z.object({
  name: personNameField,
  id_number: idNumberField,
  front_file_id: fileId,
  back_file_id: fileId,
});

export const StartFaceSchema = z.object({});
