import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customImages } from "../../db/images-schema";
import { gpuModels, images, instances } from "../../db/market-schema";
import { inTransaction } from "../../db/tx";
import { customImageNameError, customImageQuotaError } from "../../rules/custom-images";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { recordInstanceEvent } from "../instances/events";
import { ownedBy } from "../instances/scope";
import { imagesOwnedBy } from "./scope";
import { listOwnImages, quotaUse, type CustomImage } from "./view";

const NOT_STOPPED = "请先关机再保存镜像";

/**
 * Takes the account's row lock (the one rentals and instance actions take):
 * one account's image changes, rentals and saves queue there, so a quota is
 * never passed by two saves at once, and a delete never misses a rental that
 * is creating an instance from the image (decision 088).
 */
export async function lockAccount(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

/** A name taken by another of the account's images (not deleted) is a field error. */
export async function refuseTakenName(tx: Db, userId: number, name: string, exceptImageId?: number) {
  const [taken] = await tx
    .select({ id: customImages.id })
    .from(customImages)
    .where(
      and(
        eq(customImages.userId, userId),
        eq(customImages.name, name),
        ne(customImages.state, "deleted"),
        exceptImageId === undefined ? undefined : ne(customImages.imageId, exceptImageId),
      ),
    );
  if (taken) fail("IMAGE_NAME_TAKEN", "name");
}

export function checkedName(name: string): string {
  const error = customImageNameError(name);
  if (error) fail("BAD_REQUEST", "name", error);
  return name.trim();
}

async function ownImage(tx: Db, caller: Caller, imageId: number): Promise<CustomImage> {
  const found = (await listOwnImages(tx, caller)).find((i) => i.id === imageId);
  if (!found) return fail("IMAGE_NOT_FOUND");
  return found;
}

/** Where the instance's system disk comes from: its size and the image it was created from. */
async function sourceOf(db: Db, caller: Caller, uuid: string) {
  const [row] = await db
    .select({ instance: instances, systemDiskGb: gpuModels.systemDiskGb, base: images })
    .from(instances)
    .innerJoin(gpuModels, eq(gpuModels.id, instances.gpuModelId))
    .innerJoin(images, eq(images.id, instances.imageId))
    .where(and(eq(instances.uuid, uuid), ownedBy(caller)));
  if (!row) return fail("INSTANCE_NOT_FOUND");
  return row;
}

/**
 * Saves a stopped instance's system disk as an image of the caller's account
 * (decision 088), in one transaction under the account's row lock: the name
 * (unique among the account's images), the quota (count and total size), the
 * `images` row the rental form offers and the custom_images row in state
 * saving until the fleet's copy is done (the job `advanceImageSaves` makes it
 * available), and the instance's log. The form's operation key makes a
 * resubmission answer the first save.
 */
export async function saveCustomImage(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; name: string; operationKey: string },
): Promise<{ image: CustomImage; replayed: boolean }> {
  const name = checkedName(input.name);
  // The fleet's answer is obtained before the transaction: no provider is called inside one (decision 058).
  const source = await sourceOf(ctx.db, caller, input.uuid);
  const snapshot = ctx.providers.compute.snapshotSystemDisk({
    instanceUuid: source.instance.uuid,
    systemDiskGb: source.systemDiskGb,
  });
  return inTransaction(ctx.db, async (tx) => {
    await lockAccount(tx, caller.userId);
    const now = ctx.now();
    const [earlier] = await tx
      .select()
      .from(customImages)
      .where(and(eq(customImages.userId, caller.userId), eq(customImages.operationKey, input.operationKey)));
    if (earlier) {
      if (earlier.sourceInstanceId !== source.instance.id || earlier.subAccountId !== caller.subAccountId)
        fail("OPERATION_CONFLICT");
      return { image: await ownImage(tx, caller, earlier.imageId), replayed: true };
    }
    const [instance] = await tx
      .select({ state: instances.state })
      .from(instances)
      .where(and(eq(instances.id, source.instance.id), ownedBy(caller)))
      .for("update");
    if (!instance) return fail("INSTANCE_NOT_FOUND");
    if (instance.state !== "stopped") fail("INSTANCE_STATE", undefined, NOT_STOPPED);
    await refuseTakenName(tx, caller.userId, name);
    const over = customImageQuotaError(await quotaUse(tx, caller.userId), snapshot.sizeGb);
    if (over) fail("IMAGE_QUOTA", undefined, over);

    const base = source.base;
    const [image] = await tx
      .insert(images)
      .values({
        code: `custom-${randomBytes(8).toString("hex")}`,
        framework: base.framework,
        version: base.version,
        cudaVersion: base.cudaVersion,
        pythonVersion: base.pythonVersion,
        ownerUserId: caller.userId,
      })
      .returning({ id: images.id });
    await tx.insert(customImages).values({
      imageId: image!.id,
      userId: caller.userId,
      subAccountId: caller.subAccountId,
      name,
      sourceInstanceId: source.instance.id,
      sizeGb: snapshot.sizeGb,
      state: "saving",
      readyAt: new Date(now.getTime() + snapshot.copyMs),
      operationKey: input.operationKey,
      createdAt: now,
    });
    await recordInstanceEvent(tx, {
      instanceId: source.instance.id,
      userId: source.instance.userId,
      kind: "image_save",
      actor: "user",
      text: `用户将系统盘保存为镜像「${name}」（${snapshot.sizeGb} GB），保存中`,
      at: now,
    });
    return { image: await ownImage(tx, caller, image!.id), replayed: false };
  });
}

/** Renames one of the caller's images; the name stays unique among the account's images. */
export async function renameCustomImage(
  ctx: Ctx,
  caller: Caller,
  input: { imageId: number; name: string },
): Promise<CustomImage> {
  const name = checkedName(input.name);
  return inTransaction(ctx.db, async (tx) => {
    await lockAccount(tx, caller.userId);
    await ownImage(tx, caller, input.imageId);
    await refuseTakenName(tx, caller.userId, name, input.imageId);
    await tx
      .update(customImages)
      .set({ name })
      .where(and(eq(customImages.imageId, input.imageId), imagesOwnedBy(caller), ne(customImages.state, "deleted")));
    return ownImage(tx, caller, input.imageId);
  });
}

/**
 * Deletes one of the caller's images: it is offered nowhere after and counts
 * for nothing; instances created from it keep running. Refused while an
 * instance is being created from it (IMAGE_IN_USE): under the account's row
 * lock, which the rental takes too, so a rental either saw the image deleted
 * or its creating instance is seen here.
 */
export async function deleteCustomImage(ctx: Ctx, caller: Caller, input: { imageId: number }): Promise<CustomImage> {
  return inTransaction(ctx.db, async (tx) => {
    await lockAccount(tx, caller.userId);
    const image = await ownImage(tx, caller, input.imageId);
    const [creating] = await tx
      .select({ id: instances.id })
      .from(instances)
      .where(and(eq(instances.imageId, input.imageId), eq(instances.state, "creating")))
      .limit(1);
    if (creating) fail("IMAGE_IN_USE");
    await tx
      .update(customImages)
      .set({ state: "deleted", deletedAt: ctx.now() })
      .where(and(eq(customImages.imageId, input.imageId), imagesOwnedBy(caller), ne(customImages.state, "deleted")));
    return image;
  });
}
