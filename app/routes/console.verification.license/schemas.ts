import { z } from "zod";
import { checkCompanyName } from "../../../platform/rules/company-name";
import { checkCreditCode } from "../../../platform/rules/identity-numbers";
import { checkPersonName } from "../../../platform/rules/person-name";
import { checkedBy, requiredFile, uploadedIds } from "~/utils/verification-fields";

/** Step 1: the licence's photo, read by OCR. */
export const ReadLicenceSchema = z.object({ licence_file: requiredFile("请选择营业执照照片") });

/** Step 2: the reading as confirmed or corrected, and the authorisation letter (a new file or one uploaded before). */
export const SubmitEnterpriseSchema = z.object({
  licence_file_id: z
    .string({ required_error: "请先上传营业执照" })
    .regex(/^[1-9]\d{0,15}$/, "请先上传营业执照")
    .transform(Number),
  company_name: checkedBy("请输入企业名称", checkCompanyName, 200),
  credit_code: checkedBy("请输入统一社会信用代码", checkCreditCode),
  legal_representative: checkedBy("请输入法定代表人姓名", checkPersonName, 40, "法定代表人"),
  authorisation_file: z.unknown().optional(),
  authorisation_file_id: uploadedIds,
});
