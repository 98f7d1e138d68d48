import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hosts, images, instances } from "../../db/market-schema";
import { instanceResets } from "../../db/images-schema";
import { inTransaction } from "../../db/tx";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { recordInstanceEvent } from "../instances/events";
import { cudaSupports, findRentalImage, imageName } from "../instances/image";
import { ownedBy } from "../instances/scope";
import { instanceById, type Instance } from "../instances/view";
import { lockAccount } from "./save";
import { listOwnImages } from "./view";

/** system_reset: back to the image it has; image_change: to another one (issue 36 §0's two rows). */
export type ResetKind = "system_reset" | "image_change";

export interface ResetImage {
  id: number;
  name: string;
  /** One of the caller's own custom images. */
  mine: boolean;
}

export interface ResetOptions {
  instance: Instance;
  currentImageId: number;
  /** The images its host can run (CUDA): official ones, then the caller's available own. */
  images: ResetImage[];
  /** Why it cannot be reset now (not stopped), or null. */
  blocked: string | null;
}

const NOT_STOPPED = "请先关机再重置系统";

async function instanceOf(db: Db, caller: Caller, uuid: string) {
  const [row] = await db
    .select({ id: instances.id, imageId: instances.imageId, state: instances.state, hostCuda: hosts.cudaVersion })
    .from(instances)
    .innerJoin(hosts, eq(hosts.id, instances.hostId))
    .where(and(eq(instances.uuid, uuid), ownedBy(caller)));
  return row ?? fail("INSTANCE_NOT_FOUND");
}

/**
 * The images a stopped instance of the caller's can be reset to (decision
 * 088): the official images and the caller's own available ones that its
 * host's driver runs; its current image first among them is the plain reset.
 */
export async function resetOptions(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<ResetOptions> {
  const row = await instanceOf(ctx.db, caller, input.uuid);
  const [official, own] = await Promise.all([
    ctx.db.select().from(images).where(isNull(images.ownerUserId)).orderBy(asc(images.sortOrder), asc(images.id)),
    listOwnImages(ctx.db, caller, "available"),
  ]);
  const runs = (cuda: string) => cudaSupports(row.hostCuda, cuda);
  const choices: ResetImage[] = [
    ...official.filter((i) => runs(i.cudaVersion)).map((i) => ({ id: i.id, name: imageName(i), mine: false })),
    ...own
      .filter((i) => runs(i.cudaVersion))
      .map((i) => ({ id: i.id, name: `${i.name}（基于 ${i.baseName}）`, mine: true })),
  ];
  return {
    instance: await instanceById(ctx.db, row.id, ctx.now()),
    currentImageId: row.imageId,
    images: choices,
    blocked: row.state === "stopped" ? null : NOT_STOPPED,
  };
}

/**
 * Resets a stopped instance's system disk to an image (decision 088): its
 * own image again (system_reset) or another one (image_change), official or
 * the caller's own available one, that its host runs. Under the account's
 * row lock (as a delete of that image takes), a conditional update on the
 * state, and the instance's log; the data disk, address and plugins stay (the
 * survival rows). The sandbox replaces the disk at once; it stays stopped.
 * The form's operation key makes it once: the same key again answers the
 * first reset and changes nothing, even once the instance runs again.
 */
export async function resetSystem(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; imageId: number; operationKey: string },
): Promise<{ instance: Instance; kind: ResetKind; replayed: boolean }> {
  return inTransaction(ctx.db, async (tx) => {
    await lockAccount(tx, caller.userId);
    const now = ctx.now();
    const row = await instanceOf(tx, caller, input.uuid);
    const [earlier] = await tx
      .select()
      .from(instanceResets)
      .where(and(eq(instanceResets.userId, caller.userId), eq(instanceResets.operationKey, input.operationKey)));
    if (earlier) {
      if (earlier.instanceId !== row.id) fail("OPERATION_CONFLICT");
      return { instance: await instanceById(tx, row.id, now), kind: earlier.kind, replayed: true };
    }
    if (row.state !== "stopped") fail("INSTANCE_STATE", undefined, NOT_STOPPED);
    const image = await findRentalImage(tx, caller, input.imageId);
    if (!cudaSupports(row.hostCuda, image.cudaVersion)) fail("IMAGE_INCOMPATIBLE", "image_id");
    const kind: ResetKind = image.id === row.imageId ? "system_reset" : "image_change";
    const [changed] = await tx
      .update(instances)
      .set({ imageId: image.id })
      .where(and(eq(instances.id, row.id), eq(instances.state, "stopped")))
      .returning({ userId: instances.userId });
    if (!changed) fail("INSTANCE_STATE", undefined, NOT_STOPPED);
    await tx.insert(instanceResets).values({
      userId: caller.userId,
      instanceId: row.id,
      imageId: image.id,
      kind,
      operationKey: input.operationKey,
      createdAt: now,
    });
    const named = (await resetImageName(tx, caller, image.id)) ?? image.name;
    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: changed!.userId,
      kind,
      actor: "user",
      text:
        kind === "system_reset"
          ? `用户重置系统：系统盘恢复为 ${named} 的初始状态，数据盘保留`
          : `用户更换镜像：${named}，系统盘已替换，数据盘保留`,
      at: now,
    });
    return { instance: await instanceById(tx, row.id, now), kind, replayed: false };
  });
}

/** A custom image's name as the log says it: 我的镜像「训练环境」; null for an official image. */
async function resetImageName(db: Db, caller: Caller, imageId: number): Promise<string | null> {
  const own = (await listOwnImages(db, caller, "available")).find((i) => i.id === imageId);
  return own ? `我的镜像「${own.name}」` : null;
}
