import { redirect } from "@remix-run/node";
import { readIdCardImage, ID_CARD_UPLOAD_LIMITS } from "~/upstream/verification-files.server";
import { startFacePrint, submitIdFace } from "~/upstream/verification.server";
import { UpstreamError } from "~/upstream/transport.server";
import { formAction } from "~/utils/action.server";
import { PERSONAL_VERIFY_PATH } from "~/utils/console-paths";
import { mediaType, readForm } from "~/utils/request-body.server";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readUploadForm } from "~/utils/upload-form.server";
import { SUB_ACCOUNT_REFUSAL, verificationCaller } from "~/utils/verification.server";
import { ConfirmSchema, StartFaceSchema, UploadSchema } from "./schemas";

/** The upload is multipart (a photo over 10 MB is noted beside its field, not fatal); the other steps plain forms. */
function readPersonalForm(request: Request): Promise<FormData> {
  if (mediaType(request) !== "multipart/form-data") return readForm(request);
  return readUploadForm(request, { ...ID_CARD_UPLOAD_LIMITS, oversizeFile: "note" });
}

/**
 * Starts the face check and goes to the waiting step; a refusal (the day's attempts, the service not answering)
 * comes back as a message on the page, where 开始人脸核验 tries again.
 */
async function startFace(caller: ReturnType<typeof verificationCaller>): Promise<Response> {
  try {
    await startFacePrint(caller);
  } catch (error) {
    if (!(error instanceof UpstreamError) || (error.kind !== "refused" && error.key !== "VERIFICATION_UNAVAILABLE"))
      throw error;
    return redirectWithToast(PERSONAL_VERIFY_PATH, { type: "error", message: error.reason });
  }
  return redirect(PERSONAL_VERIFY_PATH);
}

/**
 * 身份证与人脸认证's steps, each a plain POST: `upload` (both sides in one multipart form, read by OCR, then the
 * confirm step at ?front=&back= so a refresh shows it again), `confirm` (the name and ID number as the user checked
 * them: the application, then the face check started), and `start-face` (again, after a refusal or a lapsed link).
 */
export function handlePersonalAction(request: Request) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_REFUSAL),
    read: readPersonalForm,
    intents: (intent) => ({
      upload: intent(UploadSchema, async ({ front, back }, { guard }) => {
        const caller = verificationCaller(request, guard.token);
        const read = {
          front: await readIdCardImage(caller, "front", front, "front"),
          back: await readIdCardImage(caller, "back", back, "back"),
        };
        return redirect(`${PERSONAL_VERIFY_PATH}?front=${read.front.file_id}&back=${read.back.file_id}`);
      }),
      confirm: intent(ConfirmSchema, async (input, { guard }) => {
        const caller = verificationCaller(request, guard.token);
        await submitIdFace(caller, input);
        return startFace(caller);
      }),
      "start-face": intent(StartFaceSchema, async (_input, { guard }) =>
        startFace(verificationCaller(request, guard.token)),
      ),
    }),
  });
}
