import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customImages, type CustomImageState } from "../../db/images-schema";
import { images, instances } from "../../db/market-schema";
import type { ImageQuotaUse } from "../../rules/custom-images";
import type { Caller } from "../context";
import { imageName } from "../instances/image";
import { ownedBy } from "../instances/scope";
import { imagesOwnedBy } from "./scope";

/** A user's image as modules return it. `id` is its `images` id: what the rental form posts as image_id. */
export interface CustomImage {
  id: number;
  name: string;
  sizeGb: number;
  state: Exclude<CustomImageState, "deleted">;
  createdAt: Date;
  readyAt: Date;
  /** What it was saved on: "PyTorch 2.5.1 / CUDA 12.4". */
  baseName: string;
  cudaVersion: string;
  pythonVersion: string | null;
  sourceInstanceUuid: string;
  sourceInstanceName: string;
}

/** The caller's images that are not deleted, newest first (`state` narrows to saving or available). */
export async function listOwnImages(db: Db, caller: Caller, state?: "available"): Promise<CustomImage[]> {
  const rows = await db
    .select({ image: customImages, base: images, instanceUuid: instances.uuid, instanceName: instances.name })
    .from(customImages)
    .innerJoin(images, eq(images.id, customImages.imageId))
    .innerJoin(instances, eq(instances.id, customImages.sourceInstanceId))
    .where(and(imagesOwnedBy(caller), state ? eq(customImages.state, state) : ne(customImages.state, "deleted")))
    .orderBy(desc(customImages.id));
  return rows.map((r) => ({
    id: r.image.imageId,
    name: r.image.name,
    sizeGb: r.image.sizeGb,
    state: r.image.state as CustomImage["state"],
    createdAt: r.image.createdAt,
    readyAt: r.image.readyAt,
    baseName: imageName(r.base),
    cudaVersion: r.base.cudaVersion,
    pythonVersion: r.base.pythonVersion,
    sourceInstanceUuid: r.instanceUuid,
    sourceInstanceName: r.instanceName,
  }));
}

/** What the whole account (its sub-accounts' images included) holds against its quota. */
export async function quotaUse(db: Db, userId: number): Promise<ImageQuotaUse> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sizeGb: sql<number>`coalesce(sum(${customImages.sizeGb}), 0)::int`,
    })
    .from(customImages)
    .where(and(eq(customImages.userId, userId), ne(customImages.state, "deleted")));
  return { count: Number(row?.count ?? 0), sizeGb: Number(row?.sizeGb ?? 0) };
}

/** The caller's stopped instances: the ones an image can be saved from now. */
export async function savableInstances(db: Db, caller: Caller): Promise<{ uuid: string; name: string }[]> {
  return db
    .select({ uuid: instances.uuid, name: instances.name })
    .from(instances)
    .where(and(ownedBy(caller), eq(instances.state, "stopped")))
    .orderBy(desc(instances.id));
}

export interface CustomImageList {
  images: CustomImage[];
  used: ImageQuotaUse;
  savable: { uuid: string; name: string }[];
}

/** `/image/get_custom_image_list`: the caller's images, the account's quota use, and what can be saved now. */
export async function customImageList(db: Db, caller: Caller): Promise<CustomImageList> {
  const [own, used, savable] = await Promise.all([
    listOwnImages(db, caller),
    quotaUse(db, caller.userId),
    savableInstances(db, caller),
  ]);
  return { images: own, used, savable };
}
