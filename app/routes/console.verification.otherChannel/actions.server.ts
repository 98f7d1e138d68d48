import { OTHER_FILES_MAX, OTHER_FILES_MIN, type OtherDocumentTypeName } from "../../../platform/rules/other-documents";
import { uploadVerificationFile, verificationFormLimits } from "~/upstream/verification-files.server";
import { submitOtherChannel } from "~/upstream/verification.server";
import { formAction } from "~/utils/action.server";
import { OTHER_CHANNEL_VERIFY_PATH } from "~/utils/console-paths";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readUploadForm } from "~/utils/upload-form.server";
import { UpstreamError } from "~/upstream/transport.server";
import { chosenFiles } from "~/utils/verification-fields";
import { SUB_ACCOUNT_REFUSAL, verificationCaller } from "~/utils/verification.server";
import { OtherChannelSchema } from "./schemas";

const OTHER_FORM_LIMITS = verificationFormLimits(OTHER_FILES_MAX);

/**
 * 其他方式认证 (decision 100): a plain multipart form. The fields are checked first (the platform's rules), then the
 * chosen files are uploaded (purpose other) and the application submitted for review. The ids of files uploaded by
 * a refused try stay in the form, so they are not asked for again.
 */
export function handleOtherChannelAction(request: Request) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_REFUSAL),
    read: (r) => readUploadForm(r, OTHER_FORM_LIMITS),
    fieldAliases: { file_ids: "files" },
    keepFields: ["note"],
    intents: (intent) => ({
      submit: intent(OtherChannelSchema, async (input, { form, guard }) => {
        const caller = verificationCaller(request, guard.token);
        const chosen = chosenFiles(form.getAll("files"));
        const count = input.file_ids.length + chosen.length;
        if (count < OTHER_FILES_MIN || count > OTHER_FILES_MAX)
          throw new UpstreamError(
            "BAD_REQUEST",
            400,
            1,
            `请上传${OTHER_FILES_MIN}到${OTHER_FILES_MAX}个证件或证明材料文件`,
            "files",
          );
        const ids = [...input.file_ids];
        for (const file of chosen) {
          ids.push((await uploadVerificationFile(caller, "other", file, "files")).id);
          form.set("file_ids", ids.join(","));
        }
        await submitOtherChannel(caller, {
          document_type: input.document_type as OtherDocumentTypeName,
          name: input.name,
          document_number: input.document_number,
          file_ids: ids,
          note: input.note,
        });
        return redirectWithToast(OTHER_CHANNEL_VERIFY_PATH, { type: "success", message: "认证申请已提交，审核中" });
      }),
    }),
  });
}
