/**
 * Category, question and document management (issue 11 §5): the codes
 * 100101–100301 come from real rules — a name that exists, deleting what is
 * in use, unknown ids — and each change returns before/after for the audit.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { fileOrder, workOrderClient } from "../../../tests/support/work-orders";
import { ERROR_CATALOGUE } from "../../contract/errors";
import { workOrderCategories } from "../../db/work-order-schema";
import { createCategory, deleteCategory, updateCategory } from "./catalogue-categories";
import { createDocument, deleteDocument, getDocument, updateDocument } from "./catalogue-documents";
import { createQuestion, deleteQuestion, updateQuestion } from "./catalogue-questions";
import { listCategories } from "./categories";

let t: TestPlatform;
const LEAD = { staffId: 2 };
const visitor = { origin: { ip: null } };

beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** Refused with `key`, whose third-party code is `code`. */
async function refused(action: Promise<unknown>, key: string, code: number) {
  await expect(action).rejects.toMatchObject({ key });
  expect(ERROR_CATALOGUE[key as keyof typeof ERROR_CATALOGUE].code).toBe(code);
}

describe("categories", () => {
  it("create, rename, reorder; a name that exists: 100102; unknown id: 100101", async () => {
    const created = await createCategory(t.ctx, LEAD, { name: " 网络问题 ", position: 9 });
    expect(created).toEqual({ before: null, after: { id: expect.any(Number), name: "网络问题", position: 9 } });
    const id = created.after!.id;
    await refused(createCategory(t.ctx, LEAD, { name: "网络问题" }), "WORK_ORDER_CATEGORY_EXISTS", 100102);
    await refused(updateCategory(t.ctx, LEAD, { id, name: "实例问题" }), "WORK_ORDER_CATEGORY_EXISTS", 100102);
    const renamed = await updateCategory(t.ctx, LEAD, { id, name: "网络与带宽", position: 6 });
    expect(renamed).toEqual({
      before: { id, name: "网络问题", position: 9 },
      after: { id, name: "网络与带宽", position: 6 },
    });
    await refused(updateCategory(t.ctx, LEAD, { id: 999_999, name: "x" }), "WORK_ORDER_CATEGORY_INVALID", 100101);
    await refused(deleteCategory(t.ctx, LEAD, { id: 999_999 }), "WORK_ORDER_CATEGORY_INVALID", 100101);
    await expect(createCategory(t.ctx, LEAD, { name: "  " })).rejects.toMatchObject({
      key: "BAD_REQUEST",
      field: "name",
    });
    await expect(createCategory(t.ctx, LEAD, { name: "长".repeat(33) })).rejects.toMatchObject({ key: "BAD_REQUEST" });
    expect(await deleteCategory(t.ctx, LEAD, { id })).toEqual({ before: renamed.after, after: null });
    expect(await t.db.select().from(workOrderCategories).where(eq(workOrderCategories.id, id))).toEqual([]);
  });

  it("deleting a category with questions or documents: 100103, nothing deleted", async () => {
    const { after: category } = await createCategory(t.ctx, LEAD, { name: "待删除分类" });
    const { after: question } = await createQuestion(t.ctx, LEAD, {
      categoryId: category!.id,
      name: "问题一",
      resourceTypes: ["account"],
    });
    await refused(deleteCategory(t.ctx, LEAD, { id: category!.id }), "WORK_ORDER_CATEGORY_IN_USE", 100103);
    await deleteQuestion(t.ctx, LEAD, { id: question!.id });
    const { after: doc } = await createDocument(t.ctx, LEAD, {
      categoryId: category!.id,
      questionId: null,
      title: "说明",
      content: "# 说明",
    });
    await refused(deleteCategory(t.ctx, LEAD, { id: category!.id }), "WORK_ORDER_CATEGORY_IN_USE", 100103);
    await deleteDocument(t.ctx, LEAD, { id: doc!.id });
    await deleteCategory(t.ctx, LEAD, { id: category!.id });
  });
});

describe("questions", () => {
  it("unique within a category (100112), free across categories; unknown question 100111, unknown category 100101", async () => {
    const [a, b] = (await listCategories(t.ctx, visitor)).slice(0, 2);
    const created = await createQuestion(t.ctx, LEAD, {
      categoryId: a!.id,
      name: "显卡温度过高",
      resourceTypes: ["instance"],
    });
    expect(created.after).toMatchObject({ categoryId: a!.id, name: "显卡温度过高", resourceTypes: ["instance"] });
    await refused(
      createQuestion(t.ctx, LEAD, { categoryId: a!.id, name: "显卡温度过高", resourceTypes: ["instance"] }),
      "WORK_ORDER_QUESTION_EXISTS",
      100112,
    );
    const elsewhere = await createQuestion(t.ctx, LEAD, {
      categoryId: b!.id,
      name: "显卡温度过高",
      resourceTypes: ["account"],
    });
    await refused(
      updateQuestion(t.ctx, LEAD, { id: elsewhere.after!.id, categoryId: a!.id }),
      "WORK_ORDER_QUESTION_EXISTS",
      100112,
    );
    await refused(
      createQuestion(t.ctx, LEAD, { categoryId: 999_999, name: "x", resourceTypes: ["account"] }),
      "WORK_ORDER_CATEGORY_INVALID",
      100101,
    );
    await refused(updateQuestion(t.ctx, LEAD, { id: 999_999, name: "x" }), "WORK_ORDER_QUESTION_INVALID", 100111);
    await refused(deleteQuestion(t.ctx, LEAD, { id: 999_999 }), "WORK_ORDER_QUESTION_INVALID", 100111);
    await expect(
      createQuestion(t.ctx, LEAD, { categoryId: a!.id, name: "y", resourceTypes: ["server"] }),
    ).rejects.toMatchObject({ key: "BAD_REQUEST", field: "resource_types" });
    await expect(
      createQuestion(t.ctx, LEAD, { categoryId: a!.id, name: "y", resourceTypes: [] }),
    ).rejects.toMatchObject({
      key: "BAD_REQUEST",
    });
    const retyped = await updateQuestion(t.ctx, LEAD, { id: created.after!.id, resourceTypes: ["instance", "order"] });
    expect(retyped.before!.resourceTypes).toEqual(["instance"]);
    expect(retyped.after!.resourceTypes).toEqual(["instance", "order"]);
  });

  it("deleting a question a work order uses: 100203; unused: deleted", async () => {
    const user = await t.registerUser();
    const { after: category } = await createCategory(t.ctx, LEAD, { name: "临时分类" });
    const { after: question } = await createQuestion(t.ctx, LEAD, {
      categoryId: category!.id,
      name: "临时问题",
      resourceTypes: ["account"],
    });
    await fileOrder(t, workOrderClient(t, user.token), user.userId, {
      category_id: category!.id,
      question_id: question!.id,
    });
    await refused(deleteQuestion(t.ctx, LEAD, { id: question!.id }), "WORK_ORDER_QUESTION_IN_USE", 100203);
    await refused(deleteCategory(t.ctx, LEAD, { id: category!.id }), "WORK_ORDER_CATEGORY_IN_USE", 100103);
    const names = (await listCategories(t.ctx, visitor))
      .find((x) => x.id === category!.id)!
      .questions.map((q) => q.name);
    expect(names).toEqual(["临时问题"]);
    const { after: spare } = await createQuestion(t.ctx, LEAD, {
      categoryId: category!.id,
      name: "空闲问题",
      resourceTypes: ["account"],
    });
    expect((await deleteQuestion(t.ctx, LEAD, { id: spare!.id })).after).toBeNull();
  });
});

describe("documents", () => {
  it("create, edit, delete; unknown document 100301; a question of another category 100111", async () => {
    const [a, b] = (await listCategories(t.ctx, visitor)).slice(0, 2);
    const created = await createDocument(t.ctx, LEAD, {
      categoryId: a!.id,
      questionId: a!.questions[0]!.id,
      title: "显存不足的处理",
      content: "减小 `batch_size`，或开启梯度累积。",
    });
    const id = created.after!.id;
    expect((await getDocument(t.ctx, visitor, { id })).title).toBe("显存不足的处理");
    await refused(
      createDocument(t.ctx, LEAD, { categoryId: a!.id, questionId: b!.questions[0]!.id, title: "x", content: "y" }),
      "WORK_ORDER_QUESTION_INVALID",
      100111,
    );
    await refused(
      createDocument(t.ctx, LEAD, { categoryId: 999_999, questionId: null, title: "x", content: "y" }),
      "WORK_ORDER_CATEGORY_INVALID",
      100101,
    );
    const edited = await updateDocument(t.ctx, LEAD, { id, title: "显存不足（OOM）的处理" });
    expect(edited.before!.title).toBe("显存不足的处理");
    expect(edited.after!.title).toBe("显存不足（OOM）的处理");
    await expect(updateDocument(t.ctx, LEAD, { id, content: " " })).rejects.toMatchObject({
      key: "BAD_REQUEST",
      field: "content",
    });
    await refused(getDocument(t.ctx, visitor, { id: 999_999 }), "WORK_ORDER_DOCUMENT_INVALID", 100301);
    await refused(updateDocument(t.ctx, LEAD, { id: 999_999, title: "x" }), "WORK_ORDER_DOCUMENT_INVALID", 100301);
    await deleteDocument(t.ctx, LEAD, { id });
    await refused(deleteDocument(t.ctx, LEAD, { id }), "WORK_ORDER_DOCUMENT_INVALID", 100301);
  });
});
