/**
 * Custom images (decision 088): a stopped instance's system disk is saved as
 * an image (saving, then available once the fleet's copy is done), within the
 * account's quota (5 images, 100 GB: refused over it, two saves racing for the
 * last place get it once, on PostgreSQL too), renamed and deleted (not while
 * an instance is being created from it); an available image is rented from by
 * its owner only, and a deleted one by nobody.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { customImages, hostImageCache } from "../../db/images-schema";
import { instances } from "../../db/market-schema";
import { instanceEvents } from "../../db/timeline-schema";
import { CUSTOM_IMAGE_MAX_COUNT } from "../../rules/custom-images";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import {
  hourly,
  imageIdOf,
  mainAccount,
  opKey,
  subAccount,
  testOffer,
  type TestAccount,
} from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import type { DomainError } from "../errors";
import { startInstance, stopInstance } from "../instances/actions";
import { createInstance } from "../instances/create";
import { advanceTransitions } from "../instances/transitions";
import { advanceImageSaves } from "./advance";
import { resetOptions, resetSystem } from "./reset";
import { cachedForOffer } from "./host-cache";
import { deleteCustomImage, renameCustomImage, saveCustomImage } from "./save";
import { customImageList, listOwnImages } from "./view";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  expect(await t.unbalancedAccounts()).toEqual([]);
});

const SECOND = 1000;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ key: e.key, field: e.field, detail: e.detail }),
  );

async function wait(ms: number) {
  t.clock.advance(ms);
  await advanceTransitions(t.ctx);
  await advanceImageSaves(t.ctx);
}

/** The sandbox fleet's copies of every size `sizeGb` from now on (the sandbox's own sizes are hashes). */
const copiesOf = (sizeGb: number) =>
  vi.spyOn(t.ctx.providers.compute, "snapshotSystemDisk").mockReturnValue({ sizeGb, copyMs: 6 * SECOND });

async function rent(renter: TestAccount, imageId?: number) {
  const offer = await testOffer(t, { hosts: [8] });
  const choice = hourly(offer, imageId === undefined ? {} : { imageId });
  return (await createInstance(t.ctx, renter.caller, { ...choice, operationKey: opKey() })).instance.uuid;
}

async function stoppedInstance(renter: TestAccount) {
  const uuid = await rent(renter);
  await wait(5 * SECOND);
  await stopInstance(t.ctx, renter.caller, { uuid });
  await wait(3 * SECOND);
  return uuid;
}

describe("saving an image", () => {
  it("saves a stopped instance's system disk: saving, then available after the copy, logged on the instance", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await stoppedInstance(renter);
    const saved = await saveCustomImage(t.ctx, renter.caller, {
      uuid,
      name: " 我的环境 v1 ",
      operationKey: opKey("img"),
    });
    const predicted = t.ctx.providers.compute.snapshotSystemDisk({ instanceUuid: uuid, systemDiskGb: 30 });
    expect(saved).toMatchObject({
      replayed: false,
      image: { name: "我的环境 v1", state: "saving", sourceInstanceUuid: uuid, baseName: "PyTorch 2.5.1 / CUDA 12.4" },
    });
    // The sandbox's size: the same for the same instance, between 5 GB and the RTX 4090's 30 GB system disk.
    expect(saved.image.sizeGb).toBe(predicted.sizeGb);
    expect(predicted.sizeGb).toBeGreaterThanOrEqual(5);
    expect(predicted.sizeGb).toBeLessThanOrEqual(30);
    expect((await customImageList(t.db, renter.caller)).used).toEqual({ count: 1, sizeGb: saved.image.sizeGb });

    // Not offered while saving: the rental refuses it beside its field.
    expect(await failure(rent(renter, saved.image.id))).toMatchObject({ key: "BAD_REQUEST", field: "image_id" });
    await wait(5 * SECOND);
    expect((await listOwnImages(t.db, renter.caller))[0]!.state).toBe("saving");
    await wait(1 * SECOND);
    expect((await listOwnImages(t.db, renter.caller, "available")).map((i) => i.id)).toEqual([saved.image.id]);

    const [{ id: instanceId }] = await t.db.select().from(instances).where(eq(instances.uuid, uuid));
    const logged = await t.db
      .select({ kind: instanceEvents.kind, text: instanceEvents.text })
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, instanceId!)));
    expect(logged.filter((e) => e.kind.startsWith("image_"))).toEqual([
      { kind: "image_save", text: `用户将系统盘保存为镜像「我的环境 v1」（${saved.image.sizeGb} GB），保存中` },
      { kind: "image_saved", text: "镜像「我的环境 v1」保存完成，可用于创建实例" },
    ]);

    // Available: its owner rents from it; the new instance names it.
    const fromImage = await rent(renter, saved.image.id);
    const [rented] = await t.db.select().from(instances).where(eq(instances.uuid, fromImage));
    expect(rented!.imageId).toBe(saved.image.id);
  });

  it("answers a resubmitted form with the first save", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await stoppedInstance(renter);
    const key = opKey("img");
    const first = await saveCustomImage(t.ctx, renter.caller, { uuid, name: "a", operationKey: key });
    const again = await saveCustomImage(t.ctx, renter.caller, { uuid, name: "a", operationKey: key });
    expect(again).toMatchObject({ replayed: true, image: { id: first.image.id } });
    expect(await listOwnImages(t.db, renter.caller)).toHaveLength(1);
  });

  it("refuses a running instance, a bad or taken name, and anyone else's instance, saving nothing", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const other = await mainAccount(t, { cashFen: 100_00 });
    const running = await rent(renter);
    await wait(5 * SECOND);
    expect(
      await failure(saveCustomImage(t.ctx, renter.caller, { uuid: running, name: "x", operationKey: opKey() })),
    ).toEqual({
      key: "INSTANCE_STATE",
      field: undefined,
      detail: "请先关机再保存镜像",
    });
    const uuid = await stoppedInstance(renter);
    const save = (caller: TestAccount, name: string) =>
      failure(saveCustomImage(t.ctx, caller.caller, { uuid, name, operationKey: opKey() }));
    expect(await save(renter, "   ")).toMatchObject({ key: "BAD_REQUEST", field: "name", detail: "请输入镜像名称" });
    expect(await save(renter, "a/b")).toMatchObject({ key: "BAD_REQUEST", field: "name" });
    expect(await save(renter, "名".repeat(31))).toMatchObject({ key: "BAD_REQUEST", field: "name" });
    expect(await save(other, "mine")).toMatchObject({ key: "INSTANCE_NOT_FOUND" });
    expect(await save(renter, "env")).toBeNull();
    expect(await save(renter, "env")).toMatchObject({ key: "IMAGE_NAME_TAKEN", field: "name" });
    expect(await listOwnImages(t.db, renter.caller)).toHaveLength(1);
    expect(await listOwnImages(t.db, other.caller)).toHaveLength(0);
  });
});

describe("the quota", () => {
  it("refuses a sixth image, and one that would pass 100 GB, saying why", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await stoppedInstance(renter);
    const save = (name: string) =>
      failure(saveCustomImage(t.ctx, renter.caller, { uuid, name, operationKey: opKey() }));
    copiesOf(40);
    expect(await save("a")).toBeNull();
    expect(await save("b")).toBeNull();
    expect(await save("c")).toEqual({
      key: "IMAGE_QUOTA",
      field: undefined,
      detail: "自定义镜像总容量最多100 GB（已用 80 GB，本次需 40 GB），请先删除不用的镜像",
    });
    copiesOf(5);
    for (const name of ["c", "d", "e"]) expect(await save(name)).toBeNull();
    expect(await save("f")).toMatchObject({ key: "IMAGE_QUOTA", detail: "自定义镜像最多5个，请先删除不用的镜像" });
    // A deleted image counts for nothing.
    const [newest] = await listOwnImages(t.db, renter.caller);
    await deleteCustomImage(t.ctx, renter.caller, { imageId: newest!.id });
    expect(await save("f")).toBeNull();
    expect((await customImageList(t.db, renter.caller)).used).toEqual({ count: 5, sizeGb: 95 });
  });

  it("gives the last place to one of two saves racing for it", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await stoppedInstance(renter);
    copiesOf(5);
    for (let i = 0; i < CUSTOM_IMAGE_MAX_COUNT - 1; i++)
      await saveCustomImage(t.ctx, renter.caller, { uuid, name: `n${i}`, operationKey: opKey() });
    const outcomes = await Promise.all(
      ["x", "y"].map((name) => outcomeOf(saveCustomImage(t.ctx, renter.caller, { uuid, name, operationKey: opKey() }))),
    );
    expect(outcomes.sort()).toEqual(["IMAGE_QUOTA", "ok"]);
    const rows = await t.db.select().from(customImages).where(eq(customImages.userId, renter.userId));
    expect(rows).toHaveLength(CUSTOM_IMAGE_MAX_COUNT);
  });
});

describe("rename and delete", () => {
  it("renames and deletes the caller's own; anyone else's image is not found and nothing changes", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const other = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await stoppedInstance(renter);
    const { image } = await saveCustomImage(t.ctx, renter.caller, { uuid, name: "a", operationKey: opKey() });
    await saveCustomImage(t.ctx, renter.caller, { uuid, name: "b", operationKey: opKey() });
    expect(await failure(renameCustomImage(t.ctx, other.caller, { imageId: image.id, name: "x" }))).toMatchObject({
      key: "IMAGE_NOT_FOUND",
    });
    expect(await failure(deleteCustomImage(t.ctx, other.caller, { imageId: image.id }))).toMatchObject({
      key: "IMAGE_NOT_FOUND",
    });
    expect(await failure(renameCustomImage(t.ctx, renter.caller, { imageId: image.id, name: "b" }))).toMatchObject({
      key: "IMAGE_NAME_TAKEN",
      field: "name",
    });
    expect(await renameCustomImage(t.ctx, renter.caller, { imageId: image.id, name: "a2" })).toMatchObject({
      name: "a2",
    });
    expect((await listOwnImages(t.db, renter.caller)).map((i) => i.name)).toEqual(["b", "a2"]);
    await deleteCustomImage(t.ctx, renter.caller, { imageId: image.id });
    expect((await listOwnImages(t.db, renter.caller)).map((i) => i.name)).toEqual(["b"]);
    expect(await failure(deleteCustomImage(t.ctx, renter.caller, { imageId: image.id }))).toMatchObject({
      key: "IMAGE_NOT_FOUND",
    });
  });

  it("refuses to delete while an instance is being created from it; a deleted image cannot be rented", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await stoppedInstance(renter);
    const { image } = await saveCustomImage(t.ctx, renter.caller, { uuid, name: "a", operationKey: opKey() });
    await wait(6 * SECOND);
    await rent(renter, image.id);
    expect(await failure(deleteCustomImage(t.ctx, renter.caller, { imageId: image.id }))).toMatchObject({
      key: "IMAGE_IN_USE",
    });
    // The host pulls the image first (8 s), then creates (5 s).
    await wait(12 * SECOND);
    expect(await failure(deleteCustomImage(t.ctx, renter.caller, { imageId: image.id }))).toMatchObject({
      key: "IMAGE_IN_USE",
    });
    await wait(1 * SECOND);
    await deleteCustomImage(t.ctx, renter.caller, { imageId: image.id });
    expect(await failure(rent(renter, image.id))).toMatchObject({ key: "BAD_REQUEST", field: "image_id" });
  });

  it("another account, and a sub-account for its main account's image, cannot rent from it", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const other = await mainAccount(t, { cashFen: 100_00 });
    const sub = await subAccount(t, renter, 100_00);
    const uuid = await stoppedInstance(renter);
    const { image } = await saveCustomImage(t.ctx, renter.caller, { uuid, name: "a", operationKey: opKey() });
    await wait(6 * SECOND);
    expect(await failure(rent(other, image.id))).toMatchObject({ key: "BAD_REQUEST", field: "image_id" });
    expect(await failure(rent(sub, image.id))).toMatchObject({ key: "BAD_REQUEST", field: "image_id" });
    expect(await listOwnImages(t.db, sub.caller)).toEqual([]);
    expect(await failure(deleteCustomImage(t.ctx, sub.caller, { imageId: image.id }))).toMatchObject({
      key: "IMAGE_NOT_FOUND",
    });
  });
});

describe("system reset (重置系统) and image change", () => {
  const eventsOf = async (uuid: string) => {
    const [row] = await t.db.select().from(instances).where(eq(instances.uuid, uuid));
    const rows = await t.db
      .select({ kind: instanceEvents.kind, text: instanceEvents.text })
      .from(instanceEvents)
      .where(eq(instanceEvents.instanceId, row!.id));
    return rows.filter((e) => e.kind === "system_reset" || e.kind === "image_change");
  };
  const imageOf = async (uuid: string) =>
    (await t.db.select({ imageId: instances.imageId }).from(instances).where(eq(instances.uuid, uuid)))[0]!.imageId;

  it("resets a stopped instance to its image or to the caller's own image, logged; the options list what its host runs", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await stoppedInstance(renter);
    const official = await imageOf(uuid);
    const { image } = await saveCustomImage(t.ctx, renter.caller, { uuid, name: "训练环境", operationKey: opKey() });

    // While saving, the image is not offered.
    let options = await resetOptions(t.ctx, renter.caller, { uuid });
    expect(options.blocked).toBeNull();
    expect(options.currentImageId).toBe(official);
    expect(options.images.some((i) => i.mine)).toBe(false);
    await wait(6 * SECOND);
    options = await resetOptions(t.ctx, renter.caller, { uuid });
    expect(options.images.filter((i) => i.mine)).toEqual([
      { id: image.id, name: "训练环境（基于 PyTorch 2.5.1 / CUDA 12.4）", mine: true },
    ]);

    expect(await resetSystem(t.ctx, renter.caller, { uuid, imageId: official, operationKey: opKey() })).toMatchObject({
      kind: "system_reset",
      instance: { state: "stopped" },
    });
    const changed = await resetSystem(t.ctx, renter.caller, { uuid, imageId: image.id, operationKey: opKey() });
    expect(changed).toMatchObject({
      kind: "image_change",
      instance: { imageName: "我的镜像「训练环境」（PyTorch 2.5.1 / CUDA 12.4）" },
    });
    expect(await imageOf(uuid)).toBe(image.id);
    expect(await eventsOf(uuid)).toEqual([
      { kind: "system_reset", text: "用户重置系统：系统盘恢复为 PyTorch 2.5.1 / CUDA 12.4 的初始状态，数据盘保留" },
      { kind: "image_change", text: "用户更换镜像：我的镜像「训练环境」，系统盘已替换，数据盘保留" },
    ]);
  });

  it("resets once per operation key: the same key again, even after a start, answers the first and wipes nothing", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await stoppedInstance(renter);
    const official = await imageOf(uuid);
    const key = opKey();
    expect(await resetSystem(t.ctx, renter.caller, { uuid, imageId: official, operationKey: key })).toMatchObject({
      kind: "system_reset",
      replayed: false,
    });
    await startInstance(t.ctx, renter.caller, { uuid });
    await wait(5 * SECOND);
    // The form sent again (back button, resubmission) while it runs: the first answer, not a second wipe.
    expect(await resetSystem(t.ctx, renter.caller, { uuid, imageId: official, operationKey: key })).toMatchObject({
      kind: "system_reset",
      replayed: true,
      instance: { state: "running" },
    });
    expect((await eventsOf(uuid)).map((e) => e.kind)).toEqual(["system_reset"]);
    // The same key on another instance is a conflict and changes nothing there.
    const other = await stoppedInstance(renter);
    expect(
      await failure(resetSystem(t.ctx, renter.caller, { uuid: other, imageId: official, operationKey: key })),
    ).toMatchObject({ key: "OPERATION_CONFLICT" });
    expect(await eventsOf(other)).toEqual([]);
  });

  it("refuses a running instance, another account's image, an image its host cannot run, and anyone else's instance", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const other = await mainAccount(t, { cashFen: 100_00 });
    const othersUuid = await stoppedInstance(other);
    const { image: othersImage } = await saveCustomImage(t.ctx, other.caller, {
      uuid: othersUuid,
      name: "x",
      operationKey: opKey(),
    });
    await wait(6 * SECOND);

    const running = await rent(renter);
    await wait(5 * SECOND);
    const pytorch = await imageOf(running);
    expect(
      await failure(resetSystem(t.ctx, renter.caller, { uuid: running, imageId: pytorch, operationKey: opKey() })),
    ).toMatchObject({
      key: "INSTANCE_STATE",
      detail: "请先关机再重置系统",
    });
    expect((await resetOptions(t.ctx, renter.caller, { uuid: running })).blocked).toBe("请先关机再重置系统");

    const uuid = await stoppedInstance(renter);
    expect(
      await failure(resetSystem(t.ctx, renter.caller, { uuid, imageId: othersImage.id, operationKey: opKey() })),
    ).toMatchObject({
      key: "BAD_REQUEST",
      field: "image_id",
    });
    expect(
      await failure(resetSystem(t.ctx, other.caller, { uuid, imageId: othersImage.id, operationKey: opKey() })),
    ).toMatchObject({
      key: "INSTANCE_NOT_FOUND",
    });
    expect(await failure(resetOptions(t.ctx, other.caller, { uuid }))).toMatchObject({ key: "INSTANCE_NOT_FOUND" });

    // A host whose driver supports CUDA 11.8 only: the CUDA 11.8 image runs there, PyTorch's 12.4 does not.
    const old = await testOffer(t, { hosts: [8], cuda: "11.8" });
    const cuda118 = await imageIdOf(t, "cuda-11.8.0-ubuntu22.04");
    const created = await createInstance(t.ctx, renter.caller, {
      ...hourly(old, { imageId: cuda118 }),
      operationKey: opKey(),
    });
    await wait(5 * SECOND);
    await stopInstance(t.ctx, renter.caller, { uuid: created.instance.uuid });
    await wait(3 * SECOND);
    const oldOptions = await resetOptions(t.ctx, renter.caller, { uuid: created.instance.uuid });
    expect(oldOptions.images.map((i) => i.id)).toContain(cuda118);
    expect(oldOptions.images.map((i) => i.id)).not.toContain(pytorch);
    expect(
      await failure(
        resetSystem(t.ctx, renter.caller, { uuid: created.instance.uuid, imageId: pytorch, operationKey: opKey() }),
      ),
    ).toMatchObject({ key: "IMAGE_INCOMPATIBLE", field: "image_id" });
    expect(await imageOf(created.instance.uuid)).toBe(cuda118);
    expect(await eventsOf(uuid)).toEqual([]);
  });
});

describe("the host cache", () => {
  const stateOf = async (uuid: string) =>
    (await t.db.select({ state: instances.state }).from(instances).where(eq(instances.uuid, uuid)))[0]!.state;

  it("pulls a user's image on a host's first use, then holds it: the next instance there starts without the pull", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const source = await stoppedInstance(renter);
    const { image } = await saveCustomImage(t.ctx, renter.caller, { uuid: source, name: "a", operationKey: opKey() });
    await wait(6 * SECOND);
    // One host with free GPUs: what it holds is what the offer holds.
    const offer = await testOffer(t, { hosts: [8] });
    const where = { machineType: "docker", regionCode: offer.regionCode, gpuModelCode: offer.gpuModelCode };
    const ids = [offer.imageId, image.id];
    expect([...(await cachedForOffer(t.db, where, ids, t.clock.now()))]).toEqual([offer.imageId]);

    const rentHere = async () =>
      (await createInstance(t.ctx, renter.caller, { ...hourly(offer, { imageId: image.id }), operationKey: opKey() }))
        .instance.uuid;
    const first = await rentHere();
    await wait(5 * SECOND);
    expect(await stateOf(first)).toBe("creating");
    // While the pull runs, a second instance there waits for the rest of it, not a second pull.
    const second = await rentHere();
    await wait(3 * SECOND);
    expect((await cachedForOffer(t.db, where, ids, t.clock.now())).has(image.id)).toBe(true);
    await wait(5 * SECOND);
    expect([await stateOf(first), await stateOf(second)]).toEqual(["running", "running"]);
    const held = await t.db.select().from(hostImageCache).where(eq(hostImageCache.imageId, image.id));
    expect(held).toMatchObject([{ hostId: offer.hostIds[0] }]);

    // Held now: a third instance is created in the fleet's 5 s.
    const third = await rentHere();
    await wait(5 * SECOND);
    expect(await stateOf(third)).toBe("running");
    // An official image needs no pull anywhere.
    const official = await rent(renter);
    await wait(5 * SECOND);
    expect(await stateOf(official)).toBe("running");
  });

  it("an offer holds a user's image only when every host with a free GPU holds it", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const source = await stoppedInstance(renter);
    const { image } = await saveCustomImage(t.ctx, renter.caller, { uuid: source, name: "a", operationKey: opKey() });
    await wait(6 * SECOND);
    const offer = await testOffer(t, { hosts: [1, 8] });
    const where = { machineType: "docker", regionCode: offer.regionCode, gpuModelCode: offer.gpuModelCode };
    // The rental takes the fullest host that fits (1 free): it pulls there; the other host still lacks it.
    await createInstance(t.ctx, renter.caller, { ...hourly(offer, { imageId: image.id }), operationKey: opKey() });
    await wait(13 * SECOND);
    // The first host is full now: only the second, which lacks the image, could take the next rental.
    expect((await cachedForOffer(t.db, where, [image.id], t.clock.now())).has(image.id)).toBe(false);
    await createInstance(t.ctx, renter.caller, { ...hourly(offer, { imageId: image.id }), operationKey: opKey() });
    await wait(13 * SECOND);
    expect((await cachedForOffer(t.db, where, [image.id], t.clock.now())).has(image.id)).toBe(true);
  });
});
