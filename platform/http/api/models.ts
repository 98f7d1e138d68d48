import { Hono } from "hono";
import { z } from "zod";
import { MODEL_FAMILIES_WIRE, type ModelCalls } from "../../contract/models";
import { getPublishedModel, listPublishedModels } from "../../modules/models/library";
import { visitor, type Env } from "../context";
import * as f from "../fields";
import { toModelDetail, toModelList } from "../shapes/models";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The AI model library (issue 35 §1): public reads of published models. */
export const modelsApi = new Hono<Env>();
const on = contractRoutes<ModelCalls>(modelsApi);

const ListFields = z.object({
  family: z
    .enum(["", ...MODEL_FAMILIES_WIRE], { errorMap: () => ({ message: "模型类别不存在" }) })
    .optional()
    .transform((v) => v || undefined),
});
/** Any other slug is simply not found (the module's NOT_FOUND). */
const DetailFields = z.object({ slug: f.text("模型", 200) });

on.get("/ai_models/list", async (c) => {
  const input = parseFields(ListFields, await readForm(c));
  return toModelList(await listPublishedModels(c.var.ctx, visitor(c), { family: input.family }));
});

on.get("/ai_models/detail", async (c) => {
  const input = parseFields(DetailFields, await readForm(c));
  return toModelDetail(await getPublishedModel(c.var.ctx, visitor(c), { slug: input.slug }));
});
