import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { gpuModels, gpuPrices, hosts, images, regions } from "./market-schema";
import { MODEL_IMAGES } from "./seed-models";
import { GPUS_PER_HOST, SEED_GPU_MODELS, SEED_HOST_COUNT, SEED_IMAGES, SEED_REGIONS, seedMarket } from "./seed-market";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

it("seeds the catalogue and the fleet once, and keeps an operator's later changes", async () => {
  await seedMarket(t.db);
  const [price] = await t.db.select().from(gpuPrices).limit(1);
  await t.db.update(gpuPrices).set({ unitPriceFen: 12_345 }).where(eq(gpuPrices.id, price!.id));
  await seedMarket(t.db);

  expect(await t.db.select().from(regions)).toHaveLength(SEED_REGIONS.length);
  expect(await t.db.select().from(gpuModels)).toHaveLength(SEED_GPU_MODELS.length);
  expect(await t.db.select().from(gpuPrices)).toHaveLength(SEED_GPU_MODELS.length * 3);
  // The model library's images (seed-models.ts) are official images too.
  expect(await t.db.select().from(images)).toHaveLength(SEED_IMAGES.length + MODEL_IMAGES.length);
  const fleet = await t.db.select().from(hosts);
  expect(fleet).toHaveLength(SEED_HOST_COUNT);
  expect(new Set(fleet.map((h) => h.name)).size).toBe(SEED_HOST_COUNT);
  expect(fleet.every((h) => h.gpuTotal === GPUS_PER_HOST && h.gpuFree <= h.gpuTotal)).toBe(true);
  expect(new Set(fleet.map((h) => h.machineType))).toEqual(new Set(["kvm", "docker", "bare_metal"]));
  const [kept] = await t.db.select().from(gpuPrices).where(eq(gpuPrices.id, price!.id));
  expect(kept!.unitPriceFen).toBe(12_345);
});

it("refuses a host whose free slots leave [0, total]", async () => {
  const [host] = await t.db.select().from(hosts).limit(1);
  await expect(
    t.db
      .update(hosts)
      .set({ gpuFree: host!.gpuTotal + 1 })
      .where(eq(hosts.id, host!.id)),
  ).rejects.toThrow();
  await expect(t.db.update(hosts).set({ gpuFree: -1 }).where(eq(hosts.id, host!.id))).rejects.toThrow();
});
