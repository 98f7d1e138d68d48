import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getResetSystemOptions, resetSystem } from "~/upstream/custom-images.server";
import { instancePath } from "./console-paths";
import { redirectWithToast } from "./toast.server";

const STALE = "请求有误，请刷新页面后重试";

/** The confirmation's POST: the instance and the image its system disk is replaced with. */
export const ResetSchema = z.object({
  instance_uuid: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE),
  image_id: z.coerce
    .number({ required_error: "请选择镜像", invalid_type_error: "请选择镜像" })
    .int("请选择镜像")
    .positive("请选择镜像"),
  operation_key: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE),
});

/**
 * The reset page's data: the images the instance can be reset to; with
 * `?image_id=` the chosen one to confirm, and whether that is a plain reset
 * (its own image) or an image change, or, when it is not on offer, why.
 */
export async function loadResetPage(token: string, uuid: string, url: URL) {
  const options = await getResetSystemOptions(token, uuid);
  const asked = url.searchParams.get("image_id");
  const chosen = options.Images.find((i) => String(i.Id) === asked) ?? null;
  return {
    instance: options.Instance,
    blocked: options.Blocked,
    images: options.Images,
    currentImageId: options.CurrentImageId,
    chosen,
    kind:
      chosen === null
        ? null
        : chosen.Id === options.CurrentImageId
          ? ("system_reset" as const)
          : ("image_change" as const),
    choiceError: asked !== null && chosen === null ? "该镜像不可用于此实例，请重新选择" : null,
    /** The confirmation form's key: a resubmitted form answers the first reset and wipes nothing. */
    operationKey: randomUUID(),
  };
}

export async function resetConfirmed(token: string, input: z.infer<typeof ResetSchema>) {
  const done = await resetSystem(token, input.instance_uuid, input.image_id, input.operation_key);
  const what = done.Kind === "system_reset" ? "已重置系统" : `已更换镜像为 ${done.Instance.ImageName}`;
  return redirectWithToast(instancePath(input.instance_uuid), {
    type: "success",
    message: `实例「${done.Instance.Name}」${what}，数据盘保留`,
  });
}
