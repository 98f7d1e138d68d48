/**
 * The model library's calls (/api/ai_models/*) over the seeded market: public,
 * published models only, prices as yuan strings, the bad family refused in
 * Chinese, a draft or an unknown slug NOT_FOUND (the page's 404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import type { ModelDetailWire, ModelListWire } from "../contract/models";
import { SEED_MODELS } from "../db/seed-models";
import { GPUS_PER_HOST, SEED_FLEET, SEED_GPU_MODELS } from "../db/seed-market";
import { createContent } from "../modules/content/lifecycle";
import { modelKind } from "../modules/content/kinds";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

describe("/api/ai_models", () => {
  it("lists every seeded model with its image and best GPU line, prices in yuan", async () => {
    const reply = await t.get<ModelListWire>("/ai_models/list");
    expect(reply.http).toBe(200);
    expect(reply.body.status).toBe(0);
    const { models, families } = reply.body.data;
    expect(models.map((m) => m.Slug)).toEqual(SEED_MODELS.map((m) => m.slug));
    for (const model of models) {
      expect(model.Image.Id).toBeGreaterThan(0);
      expect(model.BestFit?.Price).toMatch(/^\d+\.\d{2}$/);
    }
    expect(families).toEqual([
      { Family: "llm", Count: 4 },
      { Family: "diffusion", Count: 2 },
      { Family: "speech", Count: 2 },
      { Family: "multimodal", Count: 1 },
    ]);
  });

  it("filters by family and refuses an unknown one in Chinese", async () => {
    const speech = await t.get<ModelListWire>("/ai_models/list", { family: "speech" });
    expect(speech.body.data.models.map((m) => m.Slug)).toEqual(["whisper-large-v3", "sensevoice-small"]);
    const bad = await t.get("/ai_models/list", { family: "robots" });
    expect(bad.http).toBe(200); // the main API's refusals are HTTP 200 with a non-zero status (spec §7)
    expect(bad.body).toMatchObject({ status: 1, key: "BAD_REQUEST", reason: "模型类别不存在" });
  });

  it("gives a model's page with every GPU it fits on, today's free GPUs and the lowest price", async () => {
    const reply = await t.get<ModelDetailWire>("/ai_models/detail", { slug: "qwen2-5-7b-instruct" });
    expect(reply.http).toBe(200);
    const model = reply.body.data;
    expect(model).toMatchObject({ Name: "Qwen2.5-7B-Instruct", GpuMemoryGb: 24, Licence: "Apache-2.0" });
    expect(model.Image).toMatchObject({ Framework: "vLLM", CudaVersion: "12.1" });
    // Every RTX 4090 of cloud hosts and containers is free in a fresh fleet, and every host runs CUDA 12.1.
    const rtx4090Hosts = Object.values(SEED_FLEET)
      .flat()
      .filter((g) => g.gpu === "rtx4090" && g.type !== "bare_metal")
      .reduce((n, g) => n + g.hosts, 0);
    const rtx4090 = model.Fits.find((f) => f.Gpu.Code === "rtx4090");
    expect(rtx4090).toMatchObject({
      GpuCount: 1,
      FreeGpus: rtx4090Hosts * GPUS_PER_HOST,
      Price: "1.98",
      MachineType: "docker",
    });
    expect(SEED_GPU_MODELS.find((g) => g.code === "rtx4090")!.prices.docker).toBe(198);
    expect(model.BestFit).toEqual(model.Fits[0]);
    expect(model.Body).toContain("vllm serve");
  });

  it("answers NOT_FOUND for a draft and for an unknown slug", async () => {
    const [image] = (await t.get<ModelListWire>("/ai_models/list")).body.data.models;
    await createContent(t.ctx, null, modelKind, {
      slug: "draft-model-http",
      fields: { ...SEED_MODELS[0]!.fields, name: "草稿模型", imageId: image!.Image.Id },
    });
    for (const slug of ["draft-model-http", "no-such-model", "../etc"]) {
      const reply = await t.get("/ai_models/detail", { slug });
      expect(reply.body, slug).toMatchObject({ status: 1, key: "NOT_FOUND", reason: "模型不存在或已下线" });
    }
  });

  it("refuses hostile input by name, never with a fault", async () => {
    for (const query of [
      { slug: "x".repeat(10_000) },
      { slug: "a\u0000b" },
      { slug: ["a", "b"] },
      { family: ["llm", "speech"] },
      { family: "llm' or 1=1 --" },
    ]) {
      const reply = await t.get("/ai_models/" + ("slug" in query ? "detail" : "list"), query);
      expect(reply.http, JSON.stringify(query).slice(0, 40)).toBe(200);
      expect(reply.body.status, JSON.stringify(query).slice(0, 40)).toBe(1);
      expect(reply.body.key).toBe("BAD_REQUEST");
    }
  });
});
