import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hosts } from "../../db/market-schema";
import { opsAudit } from "../../db/wallet-schema";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

type Offer = { Region: { Code: string }; Gpu: { Code: string }; Price: string; FreeGpus: number };
const dockerOffers = async (fields: Record<string, string>) =>
  (await t.post("/store/get_docker_gpu_selector", fields)).body.data.offers as Offer[];
const audits = (target: string) => t.db.select().from(opsAudit).where(eq(opsAudit.target, target));

it("gpu-price set changes the store's price at once and is audited", async () => {
  const set = await t.ops("gpu-price set", { gpu: "rtx4090", type: "docker", price: "2.18" }, "ops-li");
  expect(set.body).toMatchObject({
    ok: true,
    outcome: { before: { unitPriceFen: 198 }, after: { unitPriceFen: 218 } },
  });
  expect((await dockerOffers({ gpu: "rtx4090" })).every((o) => o.Price === "2.18")).toBe(true);
  expect(await audits("gpu_price:rtx4090:docker")).toHaveLength(1);

  for (const bad of [
    { gpu: "rtx4090", type: "docker", price: "0" },
    { gpu: "rtx4090", type: "docker", price: "abc" },
    { gpu: "rtx4090", type: "gpu", price: "1" },
  ])
    expect((await t.ops("gpu-price set", bad)).body).toMatchObject({ ok: false, error: "bad_arguments" });
  expect((await t.ops("gpu-price set", { gpu: "tpu", type: "kvm", price: "1" })).body).toMatchObject({
    ok: false,
    error: "NOT_FOUND",
  });
});

it("host add puts a new host in the store; host set takes it offline and back", async () => {
  const before = (await dockerOffers({ gpu: "v100-32g", region: "bj-a" }))[0];
  expect(before).toBeUndefined();
  const added = await t.ops("host add", {
    name: "北京A区-99号机",
    region: "bj-a",
    type: "docker",
    gpu: "v100-32g",
    gpus: "4",
    cuda: "11.8",
  });
  expect(added.body).toMatchObject({ ok: true, outcome: { after: { gpuTotal: 4, gpuFree: 4, online: true } } });
  expect(await dockerOffers({ gpu: "v100-32g", region: "bj-a" })).toMatchObject([{ FreeGpus: 4 }]);
  expect(
    (
      await t.ops("host add", {
        name: "北京A区-99号机",
        region: "bj-a",
        type: "docker",
        gpu: "v100-32g",
        gpus: "4",
        cuda: "11.8",
      })
    ).body,
  ).toMatchObject({ ok: false });

  expect((await t.ops("host set", { name: "北京A区-99号机", online: "0" })).body).toMatchObject({ ok: true });
  expect(await dockerOffers({ gpu: "v100-32g", region: "bj-a" })).toEqual([]);
  expect((await t.ops("host set", { name: "北京A区-99号机", online: "1", cuda: "12.2" })).body).toMatchObject({
    ok: true,
    outcome: { after: { online: true, cudaVersion: "12.2" } },
  });
  expect(await audits("host:北京A区-99号机")).toHaveLength(3);
});

it("host set never takes the GPU total below the GPUs instances hold", async () => {
  await t.ops("host add", {
    name: "重庆A区-98号机",
    region: "cq-a",
    type: "docker",
    gpu: "l40s",
    gpus: "8",
    cuda: "12.4",
  });
  // Instances hold 5 of its 8 GPUs.
  await t.db.update(hosts).set({ gpuFree: 3 }).where(eq(hosts.name, "重庆A区-98号机"));
  const refused = await t.ops("host set", { name: "重庆A区-98号机", gpus: "4" });
  expect(refused.body).toMatchObject({ ok: false });
  expect(JSON.stringify(refused.body)).toContain("实例正占用 5 张 GPU");
  const shrunk = await t.ops("host set", { name: "重庆A区-98号机", gpus: "6" });
  expect(shrunk.body.outcome.after).toMatchObject({ gpuTotal: 6, gpuFree: 1 });
  const grown = await t.ops("host set", { name: "重庆A区-98号机", gpus: "10" });
  expect(grown.body.outcome.after).toMatchObject({ gpuTotal: 10, gpuFree: 5 });
  expect((await t.ops("host set", { name: "nobody", online: "0" })).body).toMatchObject({
    ok: false,
    error: "NOT_FOUND",
  });
});
