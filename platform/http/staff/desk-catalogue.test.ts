import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";
import { insertWorkOrder } from "../../../tests/support/work-order-rows";
import { staffAudit } from "../../db/staff-schema";
import { workOrderCategories, workOrderDocuments, workOrderQuestions } from "../../db/work-order-schema";

let t: TestPlatform;
let lead: string;
beforeAll(async () => {
  t = await startTestPlatform();
  lead = await staffLogin(t, await addStaff(t, "lead", "组长"));
});
afterAll(() => t.close());

let n = 0;
const unique = (base: string) => `${base}${++n}`;

async function created(path: string, fields: Record<string, string | number>) {
  const reply = await staffPost<{ id: number }>(t, path, lead, fields);
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: 0 });
  return reply.body.data.id;
}

const audits = (targetType: string, id: number) =>
  t.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.targetType, targetType), eq(staffAudit.targetId, String(id))));

describe("category, question and document management", () => {
  it("creates, renames and deletes, auditing each change with before and after", async () => {
    const name = unique("计费问题");
    const categoryId = await created("/work-orders/categories/create", { name });
    const questionId = await created("/work-orders/questions/create", {
      category_id: categoryId,
      name: "扣费不对",
      resource_types: "account,instance",
    });
    const documentId = await created("/work-orders/documents/create", {
      category_id: categoryId,
      question_id: questionId,
      title: "如何查看账单",
      content: "在 **费用中心** 查看。",
    });
    await created("/work-orders/categories/rename", { id: categoryId, name: `${name}（新）` });
    await created("/work-orders/documents/update", {
      id: documentId,
      category_id: categoryId,
      title: "如何查看账单明细",
      content: "费用中心 → 收支明细",
    });
    const [question] = await t.db.select().from(workOrderQuestions).where(eq(workOrderQuestions.id, questionId));
    expect(question).toMatchObject({ name: "扣费不对", resourceTypes: ["account", "instance"] });
    const [document] = await t.db.select().from(workOrderDocuments).where(eq(workOrderDocuments.id, documentId));
    expect(document).toMatchObject({ title: "如何查看账单明细", questionId: null });

    const renames = await audits("work_order_category", categoryId);
    expect(renames.map((a) => a.action)).toEqual(["category.create", "category.rename"]);
    expect(renames[0]!.staffId).toBeGreaterThan(0);
    expect(renames[1]).toMatchObject({ before: { name }, after: { name: `${name}（新）` } });

    // A category with questions or documents is in use: they go first.
    expect((await staffPost(t, "/work-orders/categories/delete", lead, { id: categoryId })).body).toMatchObject({
      key: "WORK_ORDER_CATEGORY_IN_USE",
      reason: "该分类正在使用中，不能删除",
    });
    await created("/work-orders/documents/delete", { id: documentId });
    await created("/work-orders/questions/delete", { id: questionId });
    await created("/work-orders/categories/delete", { id: categoryId });
    expect(await t.db.select().from(workOrderCategories).where(eq(workOrderCategories.id, categoryId))).toEqual([]);
    expect(await t.db.select().from(workOrderQuestions).where(eq(workOrderQuestions.id, questionId))).toEqual([]);
    expect((await audits("work_order_document", documentId)).map((a) => a.action)).toEqual([
      "document.create",
      "document.update",
      "document.delete",
    ]);
    const deletion = (await audits("work_order_category", categoryId)).at(-1);
    expect(deletion).toMatchObject({ action: "category.delete", after: null, before: { name: `${name}（新）` } });
    expect((await audits("work_order_category", categoryId)).map((a) => a.action)).toEqual([
      "category.create",
      "category.rename",
      "category.delete",
    ]);
  });

  it("refuses with the spec's codes beside their fields, changing nothing", async () => {
    const name = unique("账户");
    const categoryId = await created("/work-orders/categories/create", { name });
    const other = await created("/work-orders/categories/create", { name: unique("其他") });
    const questionId = await created("/work-orders/questions/create", {
      category_id: categoryId,
      name: "无法登录",
      resource_types: "account",
    });
    const refusal = async (path: string, fields: Record<string, string | number>) =>
      (await staffPost(t, path, lead, fields)).body;

    expect(await refusal("/work-orders/categories/create", { name })).toMatchObject({
      key: "WORK_ORDER_CATEGORY_EXISTS",
      reason: "分类名称已存在",
      data: { field: "name" },
    });
    expect(await refusal("/work-orders/categories/rename", { id: other, name })).toMatchObject({
      key: "WORK_ORDER_CATEGORY_EXISTS",
    });
    expect(
      await refusal("/work-orders/questions/create", {
        category_id: categoryId,
        name: "无法登录",
        resource_types: "account",
      }),
    ).toMatchObject({ key: "WORK_ORDER_QUESTION_EXISTS", data: { field: "name" } });
    expect(await refusal("/work-orders/categories/rename", { id: 99_999_999, name: "x" })).toMatchObject({
      key: "WORK_ORDER_CATEGORY_INVALID",
      reason: "工单分类不存在",
    });
    expect(await refusal("/work-orders/questions/delete", { id: 99_999_999 })).toMatchObject({
      key: "WORK_ORDER_QUESTION_INVALID",
    });
    expect(await refusal("/work-orders/documents/delete", { id: 99_999_999 })).toMatchObject({
      key: "WORK_ORDER_DOCUMENT_INVALID",
    });
    expect(
      await refusal("/work-orders/documents/create", {
        category_id: other,
        question_id: questionId,
        title: "错位",
        content: "x",
      }),
    ).toMatchObject({ key: "WORK_ORDER_QUESTION_INVALID", data: { field: "question_id" } });
    expect(
      await refusal("/work-orders/questions/create", {
        category_id: categoryId,
        name: "新问题",
        resource_types: "gpu",
      }),
    ).toMatchObject({ key: "BAD_REQUEST", data: { field: "resource_types" } });
    expect(await refusal("/work-orders/categories/create", { name: "" })).toMatchObject({
      key: "BAD_REQUEST",
      data: { field: "name" },
    });

    const user = await t.registerUser();
    await insertWorkOrder(t.db, { userId: user.userId, categoryId, questionId });
    expect(await refusal("/work-orders/questions/delete", { id: questionId })).toMatchObject({
      key: "WORK_ORDER_QUESTION_IN_USE",
      reason: "该问题正在使用中，不能删除",
    });
    expect(await refusal("/work-orders/categories/delete", { id: categoryId })).toMatchObject({
      key: "WORK_ORDER_CATEGORY_IN_USE",
    });
    expect(await t.db.select().from(workOrderQuestions).where(eq(workOrderQuestions.id, questionId))).toHaveLength(1);
    expect((await audits("work_order_question", questionId)).map((a) => a.action)).toEqual(["question.create"]);
  });

  it("is for leads: an agent is refused, and a user token is no staff token", async () => {
    const agent = await staffLogin(t, await addStaff(t, "agent"));
    expect((await staffPost(t, "/work-orders/categories/create", agent, { name: unique("x") })).body).toMatchObject({
      key: "PERMISSION_DENIED",
    });
    const user = await t.registerUser();
    expect((await staffPost(t, "/work-orders/categories/create", user.token, { name: "x" })).body.status).toBe(2);
  });
});
