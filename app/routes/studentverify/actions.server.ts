import { applyStudentByCard, sendStudentMailboxCode, verifyStudentMailboxCode } from "~/upstream/verification.server";
import { ONE_VERIFICATION_FILE_LIMITS, uploadVerificationFile } from "~/upstream/verification-files.server";
import { UpstreamError } from "~/upstream/transport.server";
import { chosenFiles } from "~/upstream/uploads.server";
import { formAction } from "~/utils/action.server";
import { STUDENT_VERIFY_PATH } from "~/utils/paths";
import { mediaType, readForm } from "~/utils/request-body.server";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { oversizeFiles, readUploadForm } from "~/utils/upload-form.server";
import { verificationCaller } from "~/utils/verification.server";
import { MailboxCodeSchema, MailboxVerifySchema, StudentFieldsSchema } from "./schemas";

export const STUDENT_SUB_ACCOUNT_REFUSAL = "子账号无权进行学生认证，请使用主账号登录";

const details = (input: {
  school: string;
  student_number: string;
  enrolment_year: string;
  graduation_year: string;
}) => ({
  school: input.school,
  student_number: input.student_number,
  enrolment_year: input.enrolment_year,
  graduation_year: input.graduation_year,
});

/**
 * /studentverify's forms, one `intent` each: send-code (the details and a school mailbox), verify-code (the code
 * from the email: verified at once), card (the details and a student card or 学信网 report: for review). Signing in
 * is asked for on submit; a sub-account is refused (403).
 */
export function handleStudentAction(request: Request) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, STUDENT_SUB_ACCOUNT_REFUSAL),
    read: (r) =>
      mediaType(r) === "multipart/form-data" ? readUploadForm(r, ONE_VERIFICATION_FILE_LIMITS) : readForm(r),
    intents: (intent) => ({
      "send-code": intent(MailboxCodeSchema, async (input, { guard }) => {
        const sent = await sendStudentMailboxCode(verificationCaller(request, guard.token), {
          ...details(input),
          email: input.email,
        });
        return { notice: `验证码已发送至 ${sent.sent_to}，15分钟内有效` };
      }),
      "verify-code": intent(MailboxVerifySchema, async ({ code }, { guard }) => {
        await verifyStudentMailboxCode(verificationCaller(request, guard.token), code);
        return redirectWithToast(STUDENT_VERIFY_PATH, { type: "success", message: "学生认证已完成" });
      }),
      card: intent(StudentFieldsSchema, async (input, { guard, form }) => {
        const [oversize] = oversizeFiles(form, "file");
        if (oversize) throw new UpstreamError("UPLOAD_TOO_LARGE", 413, 1, oversize.reason, "file");
        const [file] = chosenFiles(form, "file");
        if (!file) throw new UpstreamError("BAD_REQUEST", 400, 1, "请上传学生证照片或学信网在线验证报告", "file");
        const caller = verificationCaller(request, guard.token);
        const stored = await uploadVerificationFile(caller, "student_card", file, "file");
        await applyStudentByCard(caller, { ...details(input), file_id: stored.id });
        return redirectWithToast(STUDENT_VERIFY_PATH, { type: "success", message: "学生认证已提交，请等待审核" });
      }),
    }),
  });
}
