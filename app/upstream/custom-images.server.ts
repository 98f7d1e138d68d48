import type {
  CustomImageCalls,
  CustomImageListWire,
  CustomImageWire,
  ResetImageWire,
} from "../../platform/contract/instances-images";
import { callApiOrThrow } from "./transport.server";

export type { CustomImageListWire, CustomImageWire, ResetImageWire };

/** One custom image call, its fields and reply typed by the contract (platform/contract/instances-images.ts). */
function call<P extends keyof CustomImageCalls>(path: P, input: CustomImageCalls[P]["input"], session: string) {
  return callApiOrThrow<CustomImageCalls[P]["data"]>(path, input, { session });
}

/** The caller's images with the account's quota and the stopped instances an image can be saved from. */
export function getCustomImageList(session: string) {
  return call("/image/get_custom_image_list", {}, session);
}

/** The caller's images that can be rented from now, for the rental form, each saying whether the offer holds it. */
export async function getAvailableCustomImages(
  session: string,
  offer: { machine_type: string; region: string; gpu_model: string },
) {
  return (await call("/image/get_available_custom_images", offer, session)).Images;
}

/** Saves a stopped instance's system disk; `operationKey` comes from the form, so a resubmission saves nothing more. */
export function saveCustomImage(session: string, uuid: string, name: string, operationKey: string) {
  return call("/image/save_custom_image", { instance_uuid: uuid, name, operation_key: operationKey }, session);
}

export function renameCustomImage(session: string, imageId: number, name: string) {
  return call("/image/rename_custom_image", { image_id: imageId, name }, session);
}

export function deleteCustomImage(session: string, imageId: number) {
  return call("/image/delete_custom_image", { image_id: imageId }, session);
}

/** The images the caller's instance can be reset to, and whether it can be now. */
export function getResetSystemOptions(session: string, uuid: string) {
  return call("/instance/get_reset_system_options", { instance_uuid: uuid }, session);
}

/** Replaces a stopped instance's system disk with `imageId` (its own image again, or another). */
export function resetSystem(session: string, uuid: string, imageId: number, operationKey: string) {
  return call(
    "/instance/reset_system",
    { instance_uuid: uuid, image_id: imageId, operation_key: operationKey },
    session,
  );
}
