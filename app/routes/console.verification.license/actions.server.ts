import { uploadVerificationFile, verificationFormLimits } from "~/upstream/verification-files.server";
import { readBusinessLicence, submitEnterpriseVerification } from "~/upstream/verification.server";
import { formAction } from "~/utils/action.server";
import { ENTERPRISE_VERIFY_PATH } from "~/utils/console-paths";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readUploadForm } from "~/utils/upload-form.server";
import { chosenFiles } from "~/utils/verification-fields";
import { SUB_ACCOUNT_REFUSAL, verificationCaller } from "~/utils/verification.server";
import { ReadLicenceSchema, SubmitEnterpriseSchema } from "./schemas";

/** One photo or letter per post, 10 MB at most (the platform's upload limit). */
const LICENCE_FORM_LIMITS = verificationFormLimits(1);

/**
 * 营业执照认证's two steps (decision 100), plain multipart forms: 识别营业执照 uploads the photo (purpose licence) and
 * reads it (an OCR attempt); its reading is put back into the form as the fields to confirm, with the file's id
 * hidden. 提交审核 uploads the authorisation letter when one was chosen (its id is kept in the form, so a refusal
 * elsewhere does not ask for it again) and submits the application, which goes to staff review.
 */
export function handleLicenceAction(request: Request) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_REFUSAL),
    read: (r) => readUploadForm(r, LICENCE_FORM_LIMITS),
    fieldAliases: { licence_file_id: "licence_file", authorisation_file_ids: "authorisation_file" },
    intents: (intent) => ({
      read: intent(ReadLicenceSchema, async ({ licence_file }, { form, guard }) => {
        const caller = verificationCaller(request, guard.token);
        const file = await uploadVerificationFile(caller, "licence", licence_file, "licence_file");
        const read = await readBusinessLicence(caller, { file_id: file.id });
        form.set("licence_file_id", String(read.file_id));
        form.set("company_name", read.company_name);
        form.set("credit_code", read.credit_code);
        form.set("legal_representative", read.legal_representative);
        form.set("applicant_is_legal_representative", read.applicant_is_legal_representative ? "1" : "0");
        return { notice: "已识别营业执照，请核对以下信息后提交" };
      }),
      submit: intent(SubmitEnterpriseSchema, async (input, { form, guard }) => {
        const caller = verificationCaller(request, guard.token);
        let ids = input.authorisation_file_id;
        const [letter] = chosenFiles(input.authorisation_file);
        if (letter) {
          // A letter chosen now replaces one uploaded by an earlier try.
          ids = [(await uploadVerificationFile(caller, "authorisation", letter, "authorisation_file")).id];
          form.set("authorisation_file_id", String(ids[0]));
        }
        await submitEnterpriseVerification(caller, {
          verify_type: 1,
          licence_file_id: input.licence_file_id,
          company_name: input.company_name,
          credit_code: input.credit_code,
          legal_representative: input.legal_representative,
          authorisation_file_ids: ids,
        });
        return redirectWithToast(ENTERPRISE_VERIFY_PATH, { type: "success", message: "企业认证申请已提交，审核中" });
      }),
    }),
  });
}
