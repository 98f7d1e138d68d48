import { z } from "zod";
import {
  checkDocumentName,
  checkDocumentNumber,
  isOtherDocumentType,
  OTHER_NOTE_MAX,
} from "../../../platform/rules/other-documents";
import { checkedBy, uploadedIds } from "~/utils/verification-fields";

/** The other channel's form: the document, the name and number as printed, the files, a note (decision 100). */
export const OtherChannelSchema = z
  .object({
    document_type: z.string({ required_error: "请选择证件类型" }).refine(isOtherDocumentType, "请选择证件类型"),
    name: checkedBy("请输入证件上的姓名", checkDocumentName, 80),
    document_number: z.string({ required_error: "请输入证件号码" }).max(40, "证件号码过长").trim(),
    note: z
      .string()
      .max(OTHER_NOTE_MAX * 4, `说明不能超过${OTHER_NOTE_MAX}个字`)
      .optional()
      .transform((v) => (v ?? "").trim())
      .refine((v) => [...v].length <= OTHER_NOTE_MAX, `说明不能超过${OTHER_NOTE_MAX}个字`),
    files: z.unknown().optional(),
    file_ids: uploadedIds,
  })
  .superRefine((input, ctx) => {
    if (!isOtherDocumentType(input.document_type)) return;
    const number = checkDocumentNumber(input.document_type, input.document_number);
    if (!number.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["document_number"], message: number.reason });
  });
