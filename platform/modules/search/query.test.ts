/**
 * The site search (issue 35 §3, decision 074) over a fixed set of documents:
 * a table of Chinese, English and mixed queries with the documents each
 * answers, best first, and the words its snippet marks; the fallback to any
 * word; paging; hostile input searched literally or refused, never a 500.
 * The same table runs on PostgreSQL:
 *   bash scripts/with-postgres.sh npx vitest run --project platform platform/modules/search/query.test.ts
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { fixtureNameOf, SEARCH_FIXTURES, type SearchFixtureName } from "../../../tests/support/search-fixtures";
import { addStaff } from "../../../tests/support/staff";
import { searchEntries } from "../../db/content-schema";
import { staffAccounts } from "../../db/staff-schema";
import { docKind } from "../content/kinds";
import { seedPublishedContent, unpublishContent } from "../content/lifecycle";
import { DomainError } from "../errors";
import { indexSearchDocument } from "./index-entries";
import { highlightWords, queryWords, searchSite, tsQueryText, type SearchPage } from "./query";

let t: TestPlatform;
const VISITOR = { origin: { ip: null } };
beforeAll(async () => {
  t = await startTestPlatform();
  // Only the fixtures: the seeds' pages would move the ranks this file asserts.
  await t.db.delete(searchEntries);
  for (const doc of Object.values(SEARCH_FIXTURES)) await indexSearchDocument(t.ctx, doc);
});
afterAll(() => t.close());

const search = (query: string, page = 1, source?: "doc" | "model") =>
  searchSite(t.ctx, VISITOR, { query, page, source });
const names = (page: SearchPage) => page.results.map((r) => fixtureNameOf(r.href));
/** The marked words of a result's snippet. */
const marked = (page: SearchPage, i = 0) => page.results[i]!.snippet.filter((s) => s.hit).map((s) => s.text);

async function refusal(query: string, page = 1): Promise<DomainError> {
  const error = await search(query, page).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("a table of queries over the fixtures", () => {
  const TABLE: { query: string; answers: SearchFixtureName[]; match?: "all" | "any"; marks: string[] }[] = [
    // The title's 显存 (weight A) ranks the GPU page over the model that only mentions both.
    { query: "4090 显存", answers: ["gpuMemory", "qwen"], marks: ["显存", "4090", "显存", "显存"] },
    // 数据盘 is cut 数据 / 盘 like the page; it is marked whole, never the 盘 of 系统盘.
    { query: "数据盘", answers: ["dataDisk"], marks: ["数据盘", "数据盘", "数据", "数据盘"] },
    // Both titles hold both words; the page that only says 无需 SSH 连接 comes last.
    { query: "SSH 连接", answers: ["sshHelper", "ssh", "jupyter"], marks: ["ssh", "ssh", "连接"] },
    { query: "充值", answers: ["topUp", "notArrived"], marks: ["充值"] },
    // A question word is not required of a page.
    { query: "如何充值", answers: ["topUp", "notArrived"], marks: ["充值"] },
    // A Latin word matches from its start, in any case.
    { query: "jupyter", answers: ["jupyter"], marks: ["JupyterLab"] },
    { query: "JUPYTERLAB", answers: ["jupyter"], marks: ["JupyterLab"] },
    { query: "Nvidia-SMI 显存", answers: ["gpuMemory"], marks: ["显存", "显存", "nvidia", "smi", "显存"] },
    { query: "ImageNet 挂载路径", answers: ["imagenet"], marks: ["挂载路径", "imagenet"] },
    // No page has both: any word, the GPU page (显存 in its title) first.
    { query: "显存 支付宝", answers: ["gpuMemory", "topUp", "qwen"], match: "any", marks: ["显存", "显存", "显存"] },
    { query: "量子计算机", answers: [], match: "any", marks: [] },
  ];
  for (const row of TABLE) {
    it(`${row.query} → ${row.answers.join(", ") || "nothing"}`, async () => {
      const page = await search(row.query);
      expect(names(page)).toEqual(row.answers);
      expect(page.total).toBe(row.answers.length);
      expect(page.match).toBe(row.match ?? "all");
      if (row.answers.length > 0) expect(marked(page)).toEqual(row.marks);
    });
  }

  it("marks the title's words too, and cuts a long text before the matches with …, never inside a number", async () => {
    const page = await search("A100 训练");
    expect(names(page)).toEqual(["gpuMemory"]);
    expect(page.results[0]!.title).toEqual([{ text: "GPU 显存与型号选择", hit: false }]);
    const snippet = page.results[0]!.snippet;
    expect(snippet[0]).toEqual({ text: expect.stringMatching(/^…/), hit: false });
    expect(snippet.map((s) => s.text).join("")).toBe(
      "…GB 显存，适合 7B 到 13B 模型的推理和微调；A100 有 80 GB 显存，适合大模型训练。 实例里运行 nvidia-smi 可以查看显存占用。",
    );
    expect(marked(page)).toEqual(["A100", "训练"]);
    expect((await search("充值")).results[1]!.title).toEqual([
      { text: "充值", hit: true },
      { text: "未到账怎么办", hit: false },
    ]);
  });

  it("filters by source and says what each result is", async () => {
    const page = await search("显存", 1, "model");
    expect(page.results).toEqual([
      expect.objectContaining({
        source: "model",
        sourceId: SEARCH_FIXTURES.qwen.sourceId,
        href: SEARCH_FIXTURES.qwen.href,
      }),
    ]);
    expect((await search("SSH", 1, "doc")).results.every((r) => r.source === "doc")).toBe(true);
  });
});

describe("the index follows the lifecycle", () => {
  it("a published doc is found; unpublished, it is not", async () => {
    const doc = await seedPublishedContent(t.ctx, docKind, {
      slug: `search-lifecycle-${Date.now() % 100000}`,
      fields: {
        title: "镜像仓库",
        summary: "保存自定义镜像",
        parentId: null,
        position: 0,
        body: "# 镜像仓库\n\n把环境保存为**自定义镜像**。",
      },
    });
    const found = await search("自定义镜像");
    expect(found.results.map((r) => r.title.map((s) => s.text).join(""))).toEqual(["镜像仓库"]);
    expect(found.results[0]!.snippet.map((s) => s.text).join("")).toBe(
      "保存自定义镜像 镜像仓库 把环境保存为自定义镜像。",
    );
    const editor = await addStaff(t, "editor", "编辑小李");
    const [row] = await t.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.login, editor.login));
    const caller = {
      staffId: row!.id,
      login: editor.login,
      displayName: editor.name,
      role: editor.role,
      sessionId: 0,
      origin: { ip: null },
    };
    await unpublishContent(t.ctx, caller, docKind, doc.id);
    expect((await search("自定义镜像")).total).toBe(0);
  });
});

describe("paging", () => {
  it("ten a page, the total and page count, past the end an empty page with the total", async () => {
    for (let i = 1; i <= 12; i++)
      await indexSearchDocument(t.ctx, {
        source: "doc",
        sourceId: 9_100_000 + i,
        title: `翻页测试 ${i}`,
        href: `/docs/paging-${i}`,
        plainText: "翻页测试".repeat(i),
      });
    const first = await search("翻页测试");
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10, pageCount: 2 });
    expect(first.results).toHaveLength(10);
    // The most occurrences rank first.
    expect(first.results[0]!.href).toBe("/docs/paging-12");
    const second = await search("翻页测试", 2);
    expect(second.results.map((r) => r.href)).toEqual(["/docs/paging-2", "/docs/paging-1"]);
    expect(await search("翻页测试", 3)).toMatchObject({ results: [], total: 12, pageCount: 2 });
  });
});

describe("hostile input", () => {
  it("tsquery syntax is searched literally, never parsed: its words, or nothing", async () => {
    for (const query of ["a & | !b", "4090' | '显存", "显存:*", "!!(显存", "显存 <-> 4090", "\\' OR 1=1 --", "显存'"]) {
      const page = await search(query);
      expect(
        page.words.every((w) => /^[\p{L}\p{N}]/u.test(w)),
        query,
      ).toBe(true);
    }
    expect(names(await search("4090' | '显存"))).toEqual(["gpuMemory", "qwen"]);
    expect(names(await search("显存:*"))).toEqual(["gpuMemory", "qwen"]);
    expect(tsQueryText(["it's", "a\\b"], "all")).toBe("'it''s' & 'a\\\\b'");
  });

  it("refuses an empty, too long, multi-line or punctuation-only query, and a page out of range, by field", async () => {
    expect(await refusal("")).toMatchObject({ key: "BAD_REQUEST", field: "q", message: "请输入搜索词" });
    expect(await refusal("   ")).toMatchObject({ field: "q", message: "请输入搜索词" });
    expect(await refusal("显".repeat(101))).toMatchObject({ field: "q", message: "搜索词不能超过 100 个字" });
    expect(await refusal("x".repeat(10_240))).toMatchObject({ field: "q" });
    expect(await refusal("显存\n4090")).toMatchObject({ field: "q", message: "搜索词包含非法字符" });
    expect(await refusal("a\u0000b")).toMatchObject({ field: "q" });
    expect(await refusal("'")).toMatchObject({ field: "q", message: "请输入要搜索的文字或数字" });
    expect(await refusal(":* & |")).toMatchObject({ field: "q" });
    expect(await refusal("显存", 51)).toMatchObject({ field: "page" });
    expect(await refusal("显存", 0)).toMatchObject({ field: "page" });
  });
});

describe("query words", () => {
  it("cuts like the index, drops particles unless nothing else is left, marks runs whole", () => {
    expect(queryWords("如何用SSH连接实例")).toEqual(["用", "ssh", "连接", "实例"]);
    expect(queryWords("怎么")).toEqual(["怎么"]);
    expect(highlightWords("数据盘", ["数据", "盘"])).toEqual(["数据盘", "数据"]);
    expect(highlightWords("4090 显存", ["4090", "显存"])).toEqual(["4090", "显存"]);
  });
});
