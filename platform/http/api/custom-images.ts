import { Hono } from "hono";
import { z } from "zod";
import type { CustomImageCalls } from "../../contract/instances-images";
import { deleteCustomImage, renameCustomImage, saveCustomImage } from "../../modules/images/save";
import { cachedForOffer } from "../../modules/images/host-cache";
import { resetOptions, resetSystem } from "../../modules/images/reset";
import { customImageList, listOwnImages } from "../../modules/images/view";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toCustomImageListWire, toCustomImageWire, toResetOptionsWire } from "../shapes/custom-images";
import { toInstanceWire } from "../shapes/instances";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";
import { instanceUuid, operationKey } from "./instances";

/**
 * Custom images (issue 36 §2, decision 088): save a stopped instance's system disk, list, rename, delete; and
 * the system reset (重置系统) of a stopped instance to its image or another one.
 */
export const customImagesApi = new Hono<Env>();
const on = contractRoutes<CustomImageCalls>(customImagesApi);

// The name's own rule (platform/rules/custom-images.ts) is the module's, beside the field; here only its bounds.
const name = z
  .string({ required_error: "请输入镜像名称", invalid_type_error: "请输入镜像名称" })
  .max(200, "镜像名称最多30个字");
const RefFields = z.object({ image_id: f.id("镜像") });
const SaveFields = z.object({ instance_uuid: instanceUuid, name, operation_key: operationKey });
const RenameFields = RefFields.extend({ name });
const InstanceFields = z.object({ instance_uuid: instanceUuid });
const offerField = z.string().trim().max(64).optional();
const OfferFields = z.object({ machine_type: offerField, region: offerField, gpu_model: offerField });
const ResetFields = InstanceFields.extend({ image_id: f.id("镜像"), operation_key: operationKey });

on.post("/image/get_custom_image_list", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toCustomImageListWire(await customImageList(c.var.ctx.db, caller));
});

on.post("/image/get_available_custom_images", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const offer = parseFields(OfferFields, form);
  const ctx = c.var.ctx;
  const own = await listOwnImages(ctx.db, caller, "available");
  const cached =
    offer.machine_type && offer.region && offer.gpu_model
      ? await cachedForOffer(
          ctx.db,
          { machineType: offer.machine_type, regionCode: offer.region, gpuModelCode: offer.gpu_model },
          own.map((i) => i.id),
          ctx.now(),
        )
      : null;
  return { Images: own.map((i) => ({ ...toCustomImageWire(i), Cached: cached ? cached.has(i.id) : null })) };
});

on.post("/image/save_custom_image", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(SaveFields, form);
  const saved = await saveCustomImage(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    name: input.name,
    operationKey: input.operation_key,
  });
  return { Image: toCustomImageWire(saved.image), Replayed: saved.replayed };
});

on.post("/image/rename_custom_image", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RenameFields, form);
  const image = await renameCustomImage(c.var.ctx, caller, { imageId: input.image_id, name: input.name });
  return { Image: toCustomImageWire(image) };
});

on.post("/image/delete_custom_image", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return { Image: toCustomImageWire(await deleteCustomImage(c.var.ctx, caller, { imageId: input.image_id })) };
});

on.post("/instance/get_reset_system_options", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(InstanceFields, form);
  return toResetOptionsWire(await resetOptions(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/reset_system", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(ResetFields, form);
  const reset = await resetSystem(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    imageId: input.image_id,
    operationKey: input.operation_key,
  });
  return { Instance: toInstanceWire(reset.instance), Kind: reset.kind, Replayed: reset.replayed };
});
