/**
 * The AI model library's read module: published models only, by family, and
 * for each the GPUs it fits on with today's free count and lowest price,
 * from one grouped query (gpu-fits.ts). A fixture fleet pins the figures; an
 * oracle written as plain loops over the tables checks every model and GPU of
 * the whole market (the seed's too). Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL (bash scripts/with-postgres.sh npx vitest run --project platform <this file>).
 */
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { aiModels } from "../../db/content-schema";
import { gpuModels, gpuPrices, hosts, images, regions, type MachineType } from "../../db/market-schema";
import { createContent, seedPublishedContent } from "../content/lifecycle";
import { modelKind } from "../content/kinds";
import type { ModelFields } from "../content/kinds/model";
import type { Visitor } from "../context";
import { cudaSupports } from "../instances/image";
import { MAX_GPUS } from "../instances/prepare";
import type { GpuFit } from "./gpu-fits";
import { getPublishedModel, listPublishedModels } from "./library";

const visitor: Visitor = { origin: { ip: null } };
const tag = `t${randomInt(0, 1e6)}`;
let t: TestPlatform;
const ids: Record<string, number> = {};

async function image(cuda: string): Promise<number> {
  const [row] = await t.db
    .insert(images)
    .values({
      code: `${tag}-img-${cuda}`,
      framework: "vLLM",
      version: "0.6.3",
      cudaVersion: cuda,
      pythonVersion: "3.12",
    })
    .returning({ id: images.id });
  return row!.id;
}

async function gpu(code: string, memoryGb: number, prices: Partial<Record<MachineType, number>>): Promise<number> {
  const [row] = await t.db
    .insert(gpuModels)
    .values({
      code: `${tag}-${code}`,
      name: `${code.toUpperCase()} ${memoryGb}GB`,
      memoryGb,
      cpuCoresPerGpu: 8,
      ramGbPerGpu: 32,
      systemDiskGb: 30,
      dataDiskGbPerGpu: 50,
      maxCudaVersion: "12.4",
      sortOrder: 100,
    })
    .returning({ id: gpuModels.id });
  for (const [machineType, unitPriceFen] of Object.entries(prices))
    await t.db.insert(gpuPrices).values({ gpuModelId: row!.id, machineType: machineType as MachineType, unitPriceFen });
  return row!.id;
}

let hostNumber = 0;
async function host(
  gpuModelId: number,
  type: MachineType,
  total: number,
  free: number,
  cuda: string,
  online = true,
): Promise<void> {
  await t.db.insert(hosts).values({
    name: `${tag}-host-${++hostNumber}`,
    regionId: ids.region!,
    machineType: type,
    gpuModelId,
    gpuTotal: total,
    gpuFree: free,
    cudaVersion: cuda,
    sshHost: "ssh.test.local",
    online,
  });
}

function fields(name: string, family: ModelFields["family"], gpuMemoryGb: number, imageId: number): ModelFields {
  return {
    name,
    family,
    publisher: "测试发布方",
    parameters: "7B",
    gpuMemoryGb,
    imageId,
    licence: "Apache-2.0",
    summary: `${name} 的简介`,
    position: 0,
    body: `# ${name}\n\n用法。`,
  };
}

const publish = async (slug: string, f: ModelFields) =>
  (await seedPublishedContent(t.ctx, modelKind, { slug: `${tag}-${slug}`, fields: f })).id;

beforeAll(async () => {
  t = await startTestPlatform();
  const [region] = await t.db
    .insert(regions)
    .values({ code: `${tag}-rg`, name: "测试区", sortOrder: 99 })
    .returning({ id: regions.id });
  ids.region = region!.id;
  ids.img124 = await image("12.4");
  ids.img121 = await image("12.1");
  // A 24 GB card on containers (1.50) and cloud hosts (1.70); an 80 GB card on cloud hosts only; a 16 GB card
  // on bare metal only, which the rental form does not rent.
  ids.g24 = await gpu("tg24", 24, { docker: 150, kvm: 170 });
  ids.g80 = await gpu("tg80", 80, { kvm: 600 });
  ids.g16 = await gpu("tg16", 16, { bare_metal: 90 });
  await host(ids.g24, "docker", 8, 3, "12.4");
  await host(ids.g24, "docker", 8, 1, "12.4");
  await host(ids.g24, "kvm", 8, 8, "12.1"); // runs CUDA 12.1 images only
  await host(ids.g24, "docker", 8, 8, "12.4", false); // offline
  await host(ids.g80, "kvm", 4, 0, "12.4"); // sold out
  await host(ids.g16, "bare_metal", 8, 8, "12.4");

  ids.big = await publish("big", fields("大模型 40G", "llm", 40, ids.img124));
  ids.small = await publish("small", fields("小模型 24G", "llm", 24, ids.img121));
  ids.huge = await publish("huge", fields("巨型模型 700G", "llm", 700, ids.img124));
  ids.speech = await publish("speech", fields("语音模型", "speech", 10, ids.img124));
  ids.draft = (
    await createContent(t.ctx, null, modelKind, {
      slug: `${tag}-draft`,
      fields: fields("草稿模型", "llm", 8, ids.img124),
    })
  ).id;
  ids.gone = await publish("gone", fields("已下线模型", "llm", 8, ids.img124));
  await t.db.update(aiModels).set({ status: "unpublished" }).where(eq(aiModels.id, ids.gone));
});
afterAll(() => t.close());

/** The fits on this file's own GPU models, in the order the module gave them. */
const own = (fits: GpuFit[]) => fits.filter((f) => f.gpuCode.startsWith(`${tag}-`));

describe("the AI model library", () => {
  it("fits a model on the fewest GPUs whose memory holds it, counting only hosts that can give them now", async () => {
    const model = await getPublishedModel(t.ctx, visitor, { slug: `${tag}-big` });
    expect(own(model.fits)).toEqual([
      // 2 × 24 GB ≥ 40: only the host with 3 free can give 2 (the one with 1 free cannot, the 12.1 host cannot run
      // the image, the offline host offers nothing); the cheapest offer that can is the container one.
      {
        gpuCode: `${tag}-tg24`,
        gpuName: "TG24 24GB",
        memoryGb: 24,
        gpuCount: 2,
        freeGpus: 3,
        unitPriceFen: 150,
        machineType: "docker",
        regionCode: `${tag}-rg`,
        regionName: "测试区",
      },
      // 1 × 80 GB, sold out: listed after what can be rented, at its price.
      {
        gpuCode: `${tag}-tg80`,
        gpuName: "TG80 80GB",
        memoryGb: 80,
        gpuCount: 1,
        freeGpus: 0,
        unitPriceFen: 600,
        machineType: "kvm",
        regionCode: `${tag}-rg`,
        regionName: "测试区",
      },
    ]);
  });

  it("counts the hosts whose CUDA runs the model's image, and picks the cheapest offer among them", async () => {
    const model = await getPublishedModel(t.ctx, visitor, { slug: `${tag}-small` });
    const [fit24] = own(model.fits);
    // 1 × 24 GB: 3 + 1 free on the containers and 8 on the CUDA 12.1 cloud host; containers are cheaper.
    expect(fit24).toMatchObject({ gpuCount: 1, freeGpus: 12, unitPriceFen: 150, machineType: "docker" });
  });

  it("gives no fit where more than 8 GPUs would be needed", async () => {
    const model = await getPublishedModel(t.ctx, visitor, { slug: `${tag}-huge` });
    expect(model.fits.filter((f) => f.gpuCount > MAX_GPUS)).toEqual([]);
    expect(own(model.fits)).toEqual([]);
  });

  it("lists published models only, by family, with each family's count", async () => {
    const all = await listPublishedModels(t.ctx, visitor, {});
    const slugs = all.models.map((m) => m.slug);
    expect(slugs).toEqual(expect.arrayContaining([`${tag}-big`, `${tag}-small`, `${tag}-huge`, `${tag}-speech`]));
    expect(slugs).not.toContain(`${tag}-draft`);
    expect(slugs).not.toContain(`${tag}-gone`);
    const speech = await listPublishedModels(t.ctx, visitor, { family: "speech" });
    expect(speech.models.every((m) => m.family === "speech")).toBe(true);
    expect(speech.models.map((m) => m.slug)).toContain(`${tag}-speech`);
    expect(speech.families).toEqual(all.families);
    const counted = Object.fromEntries(all.families.map((f) => [f.family, f.count]));
    expect(counted.speech).toBe(all.models.filter((m) => m.family === "speech").length);
    expect(counted.llm).toBe(all.models.filter((m) => m.family === "llm").length);
    const listed = all.models.find((m) => m.slug === `${tag}-big`)!;
    expect(listed.image).toEqual({ id: ids.img124, framework: "vLLM", version: "0.6.3", cudaVersion: "12.4" });
    expect(listed.fits).toEqual((await getPublishedModel(t.ctx, visitor, { slug: `${tag}-big` })).fits);
  });

  it("answers NOT_FOUND for a draft, an unpublished and an unknown model", async () => {
    for (const slug of [`${tag}-draft`, `${tag}-gone`, `${tag}-nothing`])
      await expect(getPublishedModel(t.ctx, visitor, { slug })).rejects.toMatchObject({ key: "NOT_FOUND" });
  });

  it("equals plain loops over the tables for every published model and GPU of the market", async () => {
    const [models, imageRows, gpuRows, priceRows, hostRows, regionRows] = await Promise.all([
      t.db.select().from(aiModels).where(eq(aiModels.status, "published")),
      t.db.select().from(images),
      t.db.select().from(gpuModels),
      t.db.select().from(gpuPrices),
      t.db.select().from(hosts),
      t.db.select().from(regions),
    ]);
    const { models: listed } = await listPublishedModels(t.ctx, visitor, {});
    expect(listed.map((m) => m.id).sort()).toEqual(models.map((m) => m.id).sort());
    for (const model of models) {
      const cuda = imageRows.find((i) => i.id === model.imageId)!.cudaVersion;
      const expected = gpuRows.flatMap((g) => {
        const n = Math.ceil(model.gpuMemoryGb / g.memoryGb);
        if (n > MAX_GPUS) return [];
        const offers = hostRows
          .filter(
            (h) =>
              h.gpuModelId === g.id &&
              h.online &&
              (h.machineType === "kvm" || h.machineType === "docker") &&
              h.gpuTotal >= n &&
              cudaSupports(h.cudaVersion, cuda),
          )
          .flatMap((h) => {
            const price = priceRows.find((p) => p.gpuModelId === g.id && p.machineType === h.machineType);
            return price
              ? [{ h, price: price.unitPriceFen, region: regionRows.find((r) => r.id === h.regionId)! }]
              : [];
          });
        if (offers.length === 0) return [];
        const now = offers.filter((o) => o.h.gpuFree >= n);
        const pool = now.length > 0 ? now : offers;
        const cheapest = Math.min(...pool.map((o) => o.price));
        return [
          {
            gpuCode: g.code,
            gpuCount: n,
            freeGpus: now.reduce((s, o) => s + o.h.gpuFree, 0),
            unitPriceFen: cheapest,
            sort: [now.length > 0 ? 0 : 1, n * cheapest, g.sortOrder, g.id],
          },
        ];
      });
      expected.sort((a, b) => compareTuples(a.sort, b.sort));
      const got = listed.find((m) => m.id === model.id)!.fits;
      expect(
        got.map((f) => ({
          gpuCode: f.gpuCode,
          gpuCount: f.gpuCount,
          freeGpus: f.freeGpus,
          unitPriceFen: f.unitPriceFen,
        })),
        model.name,
      ).toEqual(expected.map(({ sort: _sort, ...fit }) => fit));
    }
  });
});

function compareTuples(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
