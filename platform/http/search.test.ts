/**
 * GET /api/search (issue 35 §1, decision 074): public, its page on the wire
 * with snippets as segments, and every bad input refused on its field in
 * Chinese, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { SEARCH_FIXTURES } from "../../tests/support/search-fixtures";
import { searchEntries } from "../db/content-schema";
import { indexSearchDocument } from "../modules/search/index-entries";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
  await t.db.delete(searchEntries);
  for (const doc of Object.values(SEARCH_FIXTURES)) await indexSearchDocument(t.ctx, doc);
});
afterAll(() => t.close());

describe("GET /api/search", () => {
  it("answers a page of results, best first, without a session", async () => {
    const reply = await t.get("/search", { q: "4090 显存" });
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({
      status: 0,
      data: {
        query: "4090 显存",
        words: ["4090", "显存"],
        match: "all",
        total: 2,
        page: 1,
        page_size: 10,
        page_count: 1,
      },
    });
    expect(reply.body.data.list[0]).toEqual({
      source: "doc",
      source_id: SEARCH_FIXTURES.gpuMemory.sourceId,
      title: [
        { text: "GPU ", hit: false },
        { text: "显存", hit: true },
        { text: "与型号选择", hit: false },
      ],
      href: "/docs/fixture-gpu-memory",
      snippet: expect.arrayContaining([{ text: "4090", hit: true }]),
    });
    expect(reply.body.data.list[1]).toMatchObject({ source: "model", href: SEARCH_FIXTURES.qwen.href });
  });

  it("filters by source and pages", async () => {
    const models = await t.get("/search", { q: "显存", source: "model" });
    expect(models.body.data.list.map((r: { source: string }) => r.source)).toEqual(["model"]);
    const all = await t.get("/search", { q: "显存", source: "" });
    expect(all.body.data.total).toBe(2);
    expect((await t.get("/search", { q: "显存", page: 2 })).body.data).toMatchObject({ list: [], total: 2 });
  });

  it("a query with no result is a success with an empty list", async () => {
    expect((await t.get("/search", { q: "量子计算机" })).body).toMatchObject({
      status: 0,
      data: { list: [], total: 0, match: "any", page_count: 0 },
    });
  });

  it("refuses bad input on its field in Chinese: never a 500", async () => {
    const CASES: [Record<string, string | number | readonly string[]>, string, string][] = [
      [{}, "q", "请输入搜索词"],
      [{ q: "  " }, "q", "请输入搜索词"],
      [{ q: "x".repeat(10_240) }, "q", "搜索词不能超过 100 个字"],
      [{ q: "显存\t4090" }, "q", "搜索词包含非法字符"],
      [{ q: "'" }, "q", "请输入要搜索的文字或数字"],
      [{ q: ["显存", "4090"] }, "q", "搜索词格式不正确"],
      [{ q: "显存", source: "users" }, "source", "搜索范围不正确"],
      [{ q: "显存", page: 51 }, "page", "页码必须在1到50之间"],
      [{ q: "显存", page: "1; drop table search_entries" }, "page", "页码必须是整数"],
    ];
    for (const [query, field, reason] of CASES) {
      const reply = await t.get("/search", query);
      // The main API's envelope: HTTP 200, status 1 (spec §7); only a broken platform answers 500.
      expect(reply.http, JSON.stringify(query).slice(0, 80)).toBe(200);
      expect(reply.body).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field } });
      if (reason) expect(reply.body.reason).toBe(reason);
    }
    const control = await t.request(`/api/search?q=${encodeURIComponent("a\u0000b")}`);
    expect(control.body).toMatchObject({ status: 1, key: "BAD_REQUEST" });
    // tsquery syntax is searched as words.
    const syntax = await t.get("/search", { q: "4090' | '显存 :* & !" });
    expect(syntax.body).toMatchObject({ status: 0, data: { words: ["4090", "显存"], total: 2 } });
  });

  it("every field under the hostile values of the route walk: below 500, a refusal in Chinese", async () => {
    const HOSTILE = [
      "",
      " ",
      "-1",
      "0",
      "1e400",
      "NaN",
      "0x10",
      "１２",
      "9".repeat(40),
      "\u202e123",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "../../etc/passwd",
      "null",
      "[]",
      "{}",
      "x".repeat(5000),
      "显存 & !(4090 | a) <-> b:*",
    ];
    for (const field of ["q", "source", "page"])
      for (const value of HOSTILE) {
        const reply = await t.get("/search", { q: "显存", [field]: value });
        expect(reply.http, `${field}=${value.slice(0, 20)}`).toBeLessThan(500);
        if (reply.body.status !== 0)
          expect(reply.body.reason, `${field}=${value.slice(0, 20)}`).toMatch(/\p{Script=Han}/u);
      }
  });
});
