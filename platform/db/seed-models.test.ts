import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { aiModels, contentRevisions, searchEntries } from "./content-schema";
import { images } from "./market-schema";
import { MODEL_IMAGES, SEED_MODELS, seedModels } from "./seed-models";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const counts = async () => ({
  images: (
    await t.db
      .select()
      .from(images)
      .where(
        inArray(
          images.code,
          MODEL_IMAGES.map((i) => i.code),
        ),
      )
  ).length,
  models: (await t.db.select().from(aiModels)).length,
  revisions: (await t.db.select().from(contentRevisions).where(eq(contentRevisions.kind, "model"))).length,
  indexed: (await t.db.select().from(searchEntries).where(eq(searchEntries.source, "model"))).length,
});

it("publishes the seeded models into the search index once, official images included, and keeps an editor's change", async () => {
  expect(await counts()).toEqual({
    images: MODEL_IMAGES.length,
    models: SEED_MODELS.length,
    revisions: SEED_MODELS.length,
    indexed: SEED_MODELS.length,
  });
  const official = await t.db
    .select({ owner: images.ownerUserId })
    .from(images)
    .where(
      inArray(
        images.code,
        MODEL_IMAGES.map((i) => i.code),
      ),
    );
  expect(official.every((i) => i.owner === null)).toBe(true);
  await t.db.update(aiModels).set({ gpuMemoryGb: 30 }).where(eq(aiModels.slug, SEED_MODELS[0]!.slug));

  await seedModels(t.db);

  expect(await counts()).toEqual({
    images: MODEL_IMAGES.length,
    models: SEED_MODELS.length,
    revisions: SEED_MODELS.length,
    indexed: SEED_MODELS.length,
  });
  const [kept] = await t.db.select().from(aiModels).where(eq(aiModels.slug, SEED_MODELS[0]!.slug));
  expect(kept!.gpuMemoryGb).toBe(30);
  const [entry] = await t.db
    .select({ title: searchEntries.title, href: searchEntries.href })
    .from(searchEntries)
    .where(sql`${searchEntries.source} = 'model' and ${searchEntries.sourceId} = ${kept!.id}`);
  expect(entry).toEqual({ title: "Qwen2.5-7B-Instruct", href: "/AIModels/qwen2-5-7b-instruct" });
});
