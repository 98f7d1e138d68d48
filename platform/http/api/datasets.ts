import { Hono } from "hono";
import { z } from "zod";
import type { DatasetCalls } from "../../contract/datasets";
import { getPublishedDataset, listPublishedDatasets } from "../../modules/datasets/read";
import type { Env } from "../context";
import * as f from "../fields";
import { toDatasetDetail, toDatasetList } from "../shapes/datasets";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The public datasets (issue 35 §1): the list filtered by task, and one by slug. No session. */
export const datasetsApi = new Hono<Env>();
const on = contractRoutes<DatasetCalls>(datasetsApi);

const ListFields = z.object({ task: f.optionalText("任务类型", 20) });
const DetailFields = z.object({ id: f.text("数据集", 64).trim().min(1, "请指定数据集") });

on.post("/dataset/list", async (c) => {
  const { task } = parseFields(ListFields, await readForm(c));
  return toDatasetList(await listPublishedDatasets(c.var.ctx, { task }));
});

on.post("/dataset/detail", async (c) => {
  const { id } = parseFields(DetailFields, await readForm(c));
  return toDatasetDetail(await getPublishedDataset(c.var.ctx, id));
});
