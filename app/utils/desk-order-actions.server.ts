import { z } from "zod";
import { chosenFiles, uploadDeskFiles, WORK_ORDER_UPLOAD_LIMITS } from "~/upstream/desk-files.server";
import * as desk from "~/upstream/desk.server";
import { UpstreamError } from "~/upstream/transport.server";
import { formAction } from "./action.server";
import { asStaff, requireStaff, type StaffGuard } from "./desk-session.server";
import { mediaType, readForm } from "./request-body.server";
import { oversizeFiles, readUploadForm } from "./upload-form.server";
import { redirectWithToast } from "./toast.server";
import { deskOrderPath } from "./desk-paths";
import { postedAttachmentIds } from "./work-order-form.server";

const CONTENT_MAX = 10_000;
const content = z
  .string({ required_error: "请填写内容" })
  .max(CONTENT_MAX, `内容不能超过${CONTENT_MAX}个字符`)
  .refine((v) => v.trim().length > 0, "请填写内容");
const optionalContent = z.string().max(CONTENT_MAX, `内容不能超过${CONTENT_MAX}个字符`).optional();

/** Files go with a message to the user only: anything chosen for a note, resolve or close is refused beside the field. */
const noFiles = z
  .unknown()
  .refine(
    (v) => !(typeof v === "object" && v !== null && "size" in v && "name" in v && (v.size !== 0 || v.name !== "")),
    "附件只能随“回复用户”或“请用户补充”发送",
  )
  .optional();

/** Nor the images the editor uploaded (hidden `attachment_ids`): they go to the user with a reply or a request. */
const noEditorImages = z
  .unknown()
  .refine((v) => v === undefined || v === "", "图片只能随“回复用户”或“请用户补充”发送，请先从正文中移除")
  .optional();

/** The order page's form: multipart with the reply's files (nine of 10 MB at most), or a plain form (the side forms). */
function readDeskOrderForm(request: Request): Promise<FormData> {
  return mediaType(request) === "multipart/form-data"
    ? readUploadForm(request, { ...WORK_ORDER_UPLOAD_LIMITS, oversizeFile: "note" })
    : readForm(request);
}

/**
 * The files of a reply or a request for more: the images the editor uploaded
 * (hidden `attachment_ids`, the staff member's own uploads: the platform
 * attaches no other), then the files chosen in the form, uploaded as the
 * staff member's (a refusal shows beside `files`), each id once.
 */
async function messageAttachmentIds(request: Request, guard: StaffGuard, form: FormData): Promise<number[]> {
  const uploaded = await uploadChosen(request, guard, form);
  return [...new Set([...postedAttachmentIds(form), ...uploaded])];
}

/** Uploads the files chosen in the form as the staff member's (a refusal shows beside `files`), then their ids. */
async function uploadChosen(request: Request, guard: StaffGuard, form: FormData): Promise<number[]> {
  // A file over 10 MB was dropped as the form was read: refused beside the field, the text kept, nothing uploaded.
  const [oversize] = oversizeFiles(form, "files");
  if (oversize) throw new UpstreamError("UPLOAD_TOO_LARGE", 413, 1, `“${oversize.name}”：${oversize.reason}`, "files");
  const files = chosenFiles(form, "files");
  if (files.length === 0) return [];
  const stored = await asStaff(request, () => uploadDeskFiles(guard.auth, files));
  return stored.map((f) => f.id);
}

/**
 * The order page's forms, one `intent` each: take, reply, note (internal),
 * ask (for more), resolve, close, reassign. Each redirects back to the order
 * with a toast; a refusal shows beside its field.
 */
export function handleDeskOrderAction(request: Request, orderId: number) {
  const back = (message: string) => redirectWithToast(deskOrderPath(orderId), { type: "success", message });
  return formAction(request, {
    guard: requireStaff,
    read: readDeskOrderForm,
    keepFields: ["content"],
    fieldAliases: { staff_id: "staff_id", content: "content", attachment_ids: "files", file: "files" },
    intents: (intent) => ({
      take: intent(z.object({}), async (_input, { guard }) => {
        await asStaff(request, () => desk.deskTake(guard.auth, orderId));
        return back("已接单");
      }),
      reply: intent(z.object({ content }), async ({ content }, { guard, form }) => {
        const files = await messageAttachmentIds(request, guard, form);
        await asStaff(request, () => desk.deskReply(guard.auth, orderId, content, files));
        return back("回复已发送");
      }),
      note: intent(
        z.object({ content, files: noFiles, attachment_ids: noEditorImages }),
        async ({ content }, { guard }) => {
          await asStaff(request, () => desk.deskNote(guard.auth, orderId, content));
          return back("内部备注已保存");
        },
      ),
      ask: intent(z.object({ content }), async ({ content }, { guard, form }) => {
        const files = await messageAttachmentIds(request, guard, form);
        await asStaff(request, () => desk.deskAsk(guard.auth, orderId, content, files));
        return back("已请用户补充信息");
      }),
      resolve: intent(
        z.object({ content: optionalContent, files: noFiles, attachment_ids: noEditorImages }),
        async ({ content }, { guard }) => {
          await asStaff(request, () => desk.deskResolve(guard.auth, orderId, content || undefined));
          return back("工单已解决");
        },
      ),
      close: intent(
        z.object({ content: optionalContent, files: noFiles, attachment_ids: noEditorImages }),
        async ({ content }, { guard }) => {
          await asStaff(request, () => desk.deskClose(guard.auth, orderId, content || undefined));
          return back("工单已关闭");
        },
      ),
      reassign: intent(
        z.object({ staff_id: z.coerce.number({ invalid_type_error: "请选择客服" }).int().positive("请选择客服") }),
        async ({ staff_id }, { guard }) => {
          await asStaff(request, () => desk.deskReassign(guard.auth, orderId, staff_id));
          return back("工单已转派");
        },
      ),
    }),
  });
}
