import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  deleteCustomImage,
  getCustomImageList,
  renameCustomImage,
  saveCustomImage,
  type CustomImageWire,
} from "~/upstream/custom-images.server";
import { customizeImagePath } from "./console-paths";
import { redirectWithToast } from "./toast.server";
import { customImageNameError } from "../../platform/rules/custom-images";

const STALE = "请求有误，请刷新页面后重试";

/** The name's own rule (platform/rules/custom-images.ts), beside the field before the platform is asked. */
const name = z.string({ required_error: "请输入镜像名称" }).superRefine((v, ctx) => {
  const problem = customImageNameError(v);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});
const imageId = z.coerce.number({ invalid_type_error: STALE }).int(STALE).positive(STALE);

export const SaveImageSchema = z.object({
  instance_uuid: z
    .string({ required_error: "请选择要保存的实例" })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "请选择要保存的实例"),
  name,
  operation_key: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE),
});
export const RenameImageSchema = z.object({ image_id: imageId, name });
export const DeleteImageSchema = z.object({ image_id: imageId });

/**
 * The page's data: the caller's images and quota, the instance to save from
 * (`?instance=`, when it is one of the stopped ones), the image asked to be
 * deleted (`?delete=`, its confirmation) and a fresh key for the save form.
 */
export async function loadCustomImagePage(token: string, url: URL) {
  const list = await getCustomImageList(token);
  const asked = url.searchParams.get("instance");
  const saveFrom = list.SavableInstances.some((i) => i.InstanceUuid === asked) ? asked : null;
  const askedDelete = url.searchParams.get("delete");
  const confirmDelete: CustomImageWire | null = list.Images.find((i) => String(i.Id) === askedDelete) ?? null;
  return {
    list,
    saveFrom,
    confirmDelete,
    deleteMissing: askedDelete !== null && confirmDelete === null,
    operationKey: randomUUID(),
  };
}

export async function saveImage(token: string, input: z.infer<typeof SaveImageSchema>) {
  const saved = await saveCustomImage(token, input.instance_uuid, input.name, input.operation_key);
  const image = saved.Image;
  return redirectWithToast(customizeImagePath(), {
    type: "success",
    message: `镜像「${image.Name}」（${image.SizeGb} GB）保存中，完成后即可在创建实例时选择「我的镜像」`,
  });
}

export async function renameImage(token: string, input: z.infer<typeof RenameImageSchema>) {
  const renamed = await renameCustomImage(token, input.image_id, input.name);
  return { notice: `镜像已重命名为「${renamed.Image.Name}」` };
}

export async function deleteImage(token: string, input: z.infer<typeof DeleteImageSchema>) {
  const deleted = await deleteCustomImage(token, input.image_id);
  return redirectWithToast(customizeImagePath(), {
    type: "success",
    message: `镜像「${deleted.Image.Name}」已删除`,
  });
}
