/**
 * The datasets' read module (issue 35 §1): published datasets only, filtered
 * by task, with the tasks of every published dataset; one by slug, a draft or
 * an unpublished one being NOT_FOUND. The seed's datasets are there too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { eq } from "drizzle-orm";
import { datasets } from "../../db/content-schema";
import { SEED_DATASETS } from "../../db/seed-datasets";
import { datasetKind } from "../content/kinds";
import type { DatasetFields } from "../content/kinds/dataset";
import { createContent, publishContent, seedPublishedContent } from "../content/lifecycle";
import { getPublishedDataset, listPublishedDatasets } from "./read";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const fields = (name: string, task: string, position = 0): DatasetFields => ({
  name,
  task,
  sizeBytes: 1_000_000,
  fileCount: 10,
  licence: "CC BY 4.0",
  sourceUrl: "https://example.org/data",
  mountPath: "/root/gpu-pub/test",
  summary: "",
  position,
  body: "说明",
});

describe("published datasets", () => {
  it("lists the seeded datasets in position order with their tasks, and filters by task", async () => {
    const all = await listPublishedDatasets(t.ctx);
    expect(all.datasets.map((d) => d.slug)).toEqual(SEED_DATASETS.map((d) => d.slug));
    expect(all.tasks).toEqual([
      { task: "图像分类", count: 2 },
      { task: "大模型微调", count: 1 },
      { task: "目标检测", count: 1 },
      { task: "语音识别", count: 2 },
    ]);
    const speech = await listPublishedDatasets(t.ctx, { task: "语音识别" });
    expect(speech.datasets.map((d) => d.slug)).toEqual(["librispeech", "aishell-1"]);
    expect(speech.tasks).toEqual(all.tasks);
    expect((await listPublishedDatasets(t.ctx, { task: "没有的任务" })).datasets).toEqual([]);
    expect((await listPublishedDatasets(t.ctx, { task: " " })).datasets).toHaveLength(SEED_DATASETS.length);
  });

  it("never lists or shows a draft or an unpublished dataset", async () => {
    const draft = await createContent(t.ctx, null, datasetKind, {
      slug: "draft-set",
      fields: fields("草稿集", "文本分类"),
    });
    await publishContent(t.ctx, null, datasetKind, draft.id);
    await t.db.update(datasets).set({ status: "unpublished" }).where(eq(datasets.id, draft.id));
    await createContent(t.ctx, null, datasetKind, { slug: "only-draft", fields: fields("只是草稿", "文本分类") });
    const listed = await listPublishedDatasets(t.ctx);
    expect(listed.datasets.map((d) => d.slug)).not.toContain("draft-set");
    expect(listed.datasets.map((d) => d.slug)).not.toContain("only-draft");
    expect(listed.tasks.map((x) => x.task)).not.toContain("文本分类");
    for (const slug of ["draft-set", "only-draft", "nothing-here"])
      await expect(getPublishedDataset(t.ctx, slug)).rejects.toMatchObject({ key: "NOT_FOUND" });
  });

  it("shows one published dataset by slug with its figures", async () => {
    await seedPublishedContent(t.ctx, datasetKind, { slug: "tiny-set", fields: fields("小数据集", "文本分类", 5) });
    const one = await getPublishedDataset(t.ctx, "tiny-set");
    expect(one).toMatchObject({ name: "小数据集", task: "文本分类", sizeBytes: 1_000_000, fileCount: 10 });
    const imagenet = await getPublishedDataset(t.ctx, "imagenet-1k");
    expect(imagenet.mountPath).toBe("/root/gpu-pub/ImageNet-1k");
  });
});
