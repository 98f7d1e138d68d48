/**
 * The work-order page's help search reads the site search's index (issue 35
 * §1, decision 074): seeded documents are indexed at start, the desk's
 * create, edit and delete keep the index in step in the same transaction, a
 * document the index misses is picked up by the start-up pass, and the
 * keyword search ranks by the index while keeping its category filter.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";
import { workOrderClient, type WorkOrderClient } from "../../../tests/support/work-orders";
import { searchEntries } from "../../db/content-schema";
import { workOrderCategories, workOrderDocuments } from "../../db/work-order-schema";
import { indexMissingWorkOrderDocuments, workOrderDocumentHref } from "./document-index";

let t: TestPlatform;
let lead: string;
let user: WorkOrderClient;
beforeAll(async () => {
  t = await startTestPlatform();
  lead = await staffLogin(t, await addStaff(t, "lead", "组长"));
  user = workOrderClient(t, (await t.registerUser()).token);
});
afterAll(() => t.close());

const entryOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(searchEntries)
      .where(and(eq(searchEntries.source, "work_order_doc"), eq(searchEntries.sourceId, id)))
  )[0];
const titlesFor = async (query: Record<string, string | number>) =>
  ((await user.get("/documents", query)).body.data.list as { title: string }[]).map((d) => d.title);

async function desk(path: string, fields: Record<string, string | number>): Promise<number> {
  const reply = await staffPost<{ id: number }>(t, path, lead, fields);
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: 0 });
  return reply.body.data.id;
}

describe("the work orders' self-help documents in the index", () => {
  it("indexes every seeded document at start; a second pass writes nothing", async () => {
    const [documents] = await t.db.select({ n: count() }).from(workOrderDocuments);
    const [entries] = await t.db
      .select({ n: count() })
      .from(searchEntries)
      .where(eq(searchEntries.source, "work_order_doc"));
    expect(Number(documents!.n)).toBeGreaterThan(5);
    expect(entries!.n).toBe(documents!.n);
    expect(await indexMissingWorkOrderDocuments(t.ctx)).toBe(0);
  });

  it("follows the desk: created, edited and deleted documents are found, re-found and gone", async () => {
    const categoryId = await desk("/work-orders/categories/create", { name: `索引测试${Date.now() % 100000}` });
    const id = await desk("/work-orders/documents/create", {
      category_id: categoryId,
      title: "显卡驱动版本不匹配",
      content: "运行 **nvidia-smi** 查看驱动版本，再选择匹配的 CUDA 镜像。",
    });
    expect(await entryOf(id)).toMatchObject({
      title: "显卡驱动版本不匹配",
      plainText: "运行 nvidia-smi 查看驱动版本，再选择匹配的 CUDA 镜像。",
      href: workOrderDocumentHref({ questionId: null, title: "显卡驱动版本不匹配" }),
    });
    expect(await titlesFor({ keyword: "驱动版本", category_id: categoryId })).toEqual(["显卡驱动版本不匹配"]);

    await desk("/work-orders/documents/update", {
      id,
      category_id: categoryId,
      title: "显卡驱动升级",
      content: "请联系客服升级宿主机驱动。",
    });
    expect(await titlesFor({ keyword: "宿主机", category_id: categoryId })).toEqual(["显卡驱动升级"]);
    expect(await titlesFor({ keyword: "CUDA 镜像", category_id: categoryId })).toEqual([]);

    await desk("/work-orders/documents/delete", { id });
    expect(await entryOf(id)).toBeUndefined();
    expect(await titlesFor({ keyword: "宿主机", category_id: categoryId })).toEqual([]);
    expect(await titlesFor({ keyword: "宿主机" })).not.toContain("显卡驱动升级");
  });

  it("a document the index misses is found after the start-up pass, and a gone one's entry is dropped", async () => {
    const [category] = await t.db.select().from(workOrderCategories).limit(1);
    const [row] = await t.db
      .insert(workOrderDocuments)
      .values({ categoryId: category!.id, questionId: null, title: "旧版本留下的文档", content: "冷启动检查清单" })
      .returning();
    expect(await titlesFor({ keyword: "冷启动" })).toEqual([]);
    expect(await indexMissingWorkOrderDocuments(t.ctx)).toBe(1);
    expect(await titlesFor({ keyword: "冷启动" })).toEqual(["旧版本留下的文档"]);

    await t.db.delete(workOrderDocuments).where(eq(workOrderDocuments.id, row!.id));
    await indexMissingWorkOrderDocuments(t.ctx);
    expect(await entryOf(row!.id)).toBeUndefined();
  });

  it("ranks by the index: a title match first; any word when no document has them all; the site search sees them too", async () => {
    const ranked = await titlesFor({ keyword: "充值未到账" });
    expect(ranked[0]).toBe("充值未到账怎么办");
    // 量子 is in no document: the documents on 充值 still come back.
    expect(await titlesFor({ keyword: "量子 充值" })).toContain("充值未到账怎么办");
    expect(await titlesFor({ keyword: "量子" })).toEqual([]);
    const site = await t.get("/search", { q: "充值未到账", source: "work_order_doc" });
    expect(site.body.data.list[0]).toMatchObject({
      source: "work_order_doc",
      href: expect.stringContaining("question="),
    });
  });
});
