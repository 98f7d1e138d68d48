import { Hono } from "hono";
import { z } from "zod";
import type { DeskCalls } from "../../contract/desk";
import {
  createCategory,
  createDocument,
  createQuestion,
  deleteCategory,
  deleteDocument,
  deleteQuestion,
  renameCategory,
  renameQuestion,
  updateDocument,
} from "../../modules/work-orders/desk-catalogue-edit";
import { contractRoutes } from "../api/contract-routes";
import type { Env } from "../context";
import * as f from "../fields";
import { parseFields, readForm } from "../wire";
import { staffCaller } from "./context";

type CatalogueCalls = Pick<
  DeskCalls,
  | "/work-orders/categories/create"
  | "/work-orders/categories/rename"
  | "/work-orders/categories/delete"
  | "/work-orders/questions/create"
  | "/work-orders/questions/rename"
  | "/work-orders/questions/delete"
  | "/work-orders/documents/create"
  | "/work-orders/documents/update"
  | "/work-orders/documents/delete"
>;

export const deskCatalogueApi = new Hono<Env>();
const on = contractRoutes<CatalogueCalls>(deskCatalogueApi);

const name = (label: string, max: number) =>
  z
    .string({ required_error: `请填写${label}`, invalid_type_error: `${label}格式不正确` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`)
    .refine((v) => !/[\t\r\n]/.test(v), `${label}不能换行`);
const Id = z.object({ id: f.id("编号") });
const CategoryName = z.object({ name: name("分类名称", 32) });
const Rename = (label: string, max: number) => z.object({ id: f.id("编号"), name: name(label, max) });
const Question = z.object({
  category_id: f.id("分类编号"),
  name: name("问题名称", 64),
  resource_types: z.string({ required_error: "请选择问题适用的资源类型" }).max(64).min(1, "请选择问题适用的资源类型"),
});
const Document = z.object({
  category_id: f.id("分类编号"),
  question_id: f.id("问题编号").optional(),
  title: name("文档标题", 100),
  content: z
    .string({ required_error: "请填写文档内容" })
    .max(20_000, "文档内容不能超过20000个字符")
    .refine((v) => v.trim().length > 0, "请填写文档内容"),
});

const documentInput = (input: z.infer<typeof Document>) => ({
  categoryId: input.category_id,
  questionId: input.question_id ?? null,
  title: input.title,
  content: input.content,
});

on.post("/work-orders/categories/create", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return createCategory(c.var.ctx, staff, parseFields(CategoryName, form));
});

on.post("/work-orders/categories/rename", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return renameCategory(c.var.ctx, staff, parseFields(Rename("分类名称", 32), form));
});

on.post("/work-orders/categories/delete", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return deleteCategory(c.var.ctx, staff, parseFields(Id, form));
});

on.post("/work-orders/questions/create", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Question, form);
  return createQuestion(c.var.ctx, staff, {
    categoryId: input.category_id,
    name: input.name,
    resourceTypes: input.resource_types.split(",").map((t) => t.trim()),
  });
});

on.post("/work-orders/questions/rename", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return renameQuestion(c.var.ctx, staff, parseFields(Rename("问题名称", 64), form));
});

on.post("/work-orders/questions/delete", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return deleteQuestion(c.var.ctx, staff, parseFields(Id, form));
});

on.post("/work-orders/documents/create", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return createDocument(c.var.ctx, staff, documentInput(parseFields(Document, form)));
});

on.post("/work-orders/documents/update", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Document.extend({ id: f.id("文档编号") }), form);
  return updateDocument(c.var.ctx, staff, { id: input.id, ...documentInput(input) });
});

on.post("/work-orders/documents/delete", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return deleteDocument(c.var.ctx, staff, parseFields(Id, form));
});
