import { z } from "zod";
import * as content from "~/upstream/content.server";
import {
  addSoftwareRelease,
  SOFTWARE_RELEASE_MAX_FILE_BYTES,
  withdrawSoftwareRelease,
} from "~/upstream/software.server";
import { UpstreamError } from "~/upstream/transport.server";
import type { ContentKindWire } from "~/upstream/content.server";
import { gbTextToBytes } from "../../platform/rules/content-desk";
import { formAction } from "./action.server";
import { CONTENT_FIELD_ALIASES, GB_FIELD_ERROR, platformFieldsOf } from "./desk-content-fields";
import { asStaff, requireStaff } from "./desk-session.server";
import { deskContentItemPath } from "./desk-paths";
import { mediaType, readForm } from "./request-body.server";
import { redirectWithToast } from "./toast.server";
import { readUploadForm } from "./upload-form.server";

/** A 100,000-character markdown body, percent-encoded, and the other fields (the platform's content limit). */
const CONTENT_FORM_MAX_BYTES = 1024 * 1024;

/** A software release's form: one file of up to 200 MB, its fields and the multipart framing. */
const RELEASE_FORM_LIMITS = {
  maxFileBytes: SOFTWARE_RELEASE_MAX_FILE_BYTES,
  maxTotalBytes: SOFTWARE_RELEASE_MAX_FILE_BYTES + 64 * 1024,
  maxFiles: 1,
};

/** The edit page's forms are urlencoded, except the software page's 添加版本 with its file. */
const readContentForm = (request: Request) =>
  mediaType(request) === "multipart/form-data"
    ? readUploadForm(request, RELEASE_FORM_LIMITS)
    : readForm(request, CONTENT_FORM_MAX_BYTES);

const ReleaseFields = z.object({
  version: z.string().trim().min(1, "请填写版本号").max(32, "版本号不能超过 32 个字符"),
  platform: z.string().min(1, "请选择适用系统"),
  notes: z.string().max(10_000, "更新说明不能超过 10000 个字符").default(""),
});
const Withdraw = z.object({
  release_id: z.coerce.number({ invalid_type_error: "版本不正确" }).int().positive("版本不正确"),
  confirm: z.literal("1", { errorMap: () => ({ message: "请先勾选“确认撤回”" }) }),
});

/** The chosen release file, or a refusal beside the file field. */
function releaseFile(form: FormData): File {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) return file;
  throw new UpstreamError("UPLOAD_EMPTY", 400, 1, "请选择要上传的安装包", "file");
}

const revision = z.coerce.number({ invalid_type_error: "版本号不正确" }).int().positive("版本号不正确");
/** 下线 asks twice: the box must be ticked (works without JavaScript). */
const confirmed = z.literal("1", { errorMap: () => ({ message: "请先勾选“确认下线”" }) });
const Slug = z.object({ slug: z.string().trim().min(1, "请填写网址名").max(64, "网址名不能超过 64 个字符") });
const BasedOn = z.object({ based_on: revision });

/** A dataset's size is typed in GB: checked here, beside its field; every other field is the platform's to check. */
const sizeIn = (kind: ContentKindWire) =>
  kind === "dataset"
    ? z.object({
        sizeGb: z.string({ required_error: GB_FIELD_ERROR }).refine((t) => gbTextToBytes(t) !== null, GB_FIELD_ERROR),
      })
    : z.object({});

/** The kind's fields of the posted form, as the platform takes them (the size already checked by `sizeIn`). */
function kindFields(kind: ContentKindWire, form: FormData) {
  const fields = platformFieldsOf(kind, Object.fromEntries(form.entries()));
  if (fields === null) throw new Response(GB_FIELD_ERROR, { status: 400 });
  return fields;
}

/**
 * The content pages' forms, one intent each: 创建 (new page), 保存 (with the
 * revision the form was made from), 发布 (the latest or a named revision: 发布此版本),
 * 下线 (ticked twice). The platform's refusals come back beside the field
 * they name; a stale save shows CONTENT_CHANGED above the form.
 */
export function handleDeskContentAction(request: Request, kind: ContentKindWire, id: number | null) {
  const done = (itemId: number, message: string) =>
    redirectWithToast(deskContentItemPath(kind, itemId), { type: "success", message });
  const itemId = () => {
    if (id === null) throw new Response("没有这篇内容", { status: 404 });
    return id;
  };
  return formAction(request, {
    guard: requireStaff,
    read: readContentForm,
    keepFields: ["body", "summary"],
    fieldAliases: CONTENT_FIELD_ALIASES,
    intents: (intent) => ({
      create: intent(Slug.merge(sizeIn(kind)).passthrough(), async (input, { guard, form }) => {
        const fields = kindFields(kind, form);
        const created = await asStaff(request, () => content.createContent(guard.auth, kind, input.slug, fields));
        return done(created.id, "已创建草稿");
      }),
      save: intent(BasedOn.merge(sizeIn(kind)).passthrough(), async (input, { guard, form }) => {
        const fields = kindFields(kind, form);
        const saved = await asStaff(request, () =>
          content.saveContent(guard.auth, kind, itemId(), input.based_on, fields),
        );
        return done(saved.id, `已保存为第 ${saved.latest_revision} 版`);
      }),
      publish: intent(z.object({ revision: revision.optional() }), async (input, { guard }) => {
        const state = await asStaff(request, () => content.publishContent(guard.auth, kind, itemId(), input.revision));
        return done(state.id, `已发布第 ${state.published_revision} 版`);
      }),
      unpublish: intent(z.object({ confirm: confirmed }), async (_input, { guard }) => {
        const state = await asStaff(request, () => content.unpublishContent(guard.auth, kind, itemId()));
        return done(state.id, "已下线，访客将看不到它");
      }),
      // A tool's releases (part C's calls): 添加版本 with its file, 撤回 asked twice.
      ...(kind === "software"
        ? {
            "add-release": intent(ReleaseFields, async (input, { guard, form }) => {
              const file = releaseFile(form);
              const added = await asStaff(request, () =>
                addSoftwareRelease(guard.auth, { softwareId: itemId(), ...input, file }),
              );
              return done(itemId(), `已添加版本 ${added.version}（SHA-256 ${added.sha256.slice(0, 12)}…）`);
            }),
            "withdraw-release": intent(Withdraw, async (input, { guard }) => {
              await asStaff(request, () => withdrawSoftwareRelease(guard.auth, input.release_id));
              return done(itemId(), "已撤回该版本，访客将看不到它");
            }),
          }
        : {}),
    }),
  });
}
