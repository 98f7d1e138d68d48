/**
 * The seeded docs (issue 35 §1): at least 12 pages in the sections renters
 * need, every page published and indexed for search, every link to this site
 * pointing at a page that exists (a route or another seeded doc), every rules
 * block one the renderer knows, and a second seed adding nothing.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appHasRoute, appRoutePatterns } from "../../tests/support/app-routes";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { RULES_BLOCK_NAMES } from "../rules/docs-rules-blocks";
import { contentRevisions, docs, searchEntries } from "./content-schema";
import { DOCS_SEED, seedDocs } from "./seed-docs";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const all = DOCS_SEED.flatMap((s) => [s, ...s.pages]);
const slugs = all.map((d) => d.slug);
const links = (markdown: string) => [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

describe("the seeded docs", () => {
  it("cover the sections renters need, with at least 12 pages", () => {
    expect(DOCS_SEED.map((s) => s.title)).toEqual(["快速开始", "计费", "数据与存储", "镜像", "工单", "开放 API"]);
    expect(DOCS_SEED.flatMap((s) => s.pages).length).toBeGreaterThanOrEqual(12);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("link only to pages that exist and use only known rules blocks", () => {
    const patterns = appRoutePatterns();
    const internal = all.flatMap((d) => links(d.body)).filter((href) => href.startsWith("/"));
    expect(internal.length).toBeGreaterThan(20);
    for (const href of internal) {
      const doc = /^\/docs\/([a-z0-9-]+)(?:#user-content-[^#]+)?$/.exec(href);
      if (doc) {
        expect(slugs, href).toContain(doc[1]);
        // A link to a heading names one the page has (a one-word heading's id is its text).
        const heading = /#user-content-(.+)$/.exec(href)?.[1];
        if (heading)
          expect(all.find((d) => d.slug === doc[1])!.body, href).toMatch(new RegExp(`^#{2,3} ${heading}$`, "m"));
      } else expect(appHasRoute(href, patterns), href).toBe(true);
    }
    const blocks = all.flatMap((d) => [...d.body.matchAll(/<!-- rules:([a-z0-9-]+) -->/g)].map((m) => m[1]!));
    expect(blocks.length).toBeGreaterThan(5);
    for (const name of blocks) expect(RULES_BLOCK_NAMES).toContain(name);
  });

  it("write no price figure by hand: discounts and amounts come from the rules blocks", () => {
    for (const doc of all) {
      expect(doc.body, doc.slug).not.toMatch(/\d(?:\.\d+)?\s*折/);
      expect(doc.body, doc.slug).not.toMatch(/[¥￥]\s*\d/);
      expect(doc.body, doc.slug).not.toMatch(/× 0\.\d/);
    }
  });

  it("are published in the tree's order and indexed for search on start", async () => {
    const rows = await t.db
      .select({ id: docs.id, slug: docs.slug, status: docs.status, parentId: docs.parentId })
      .from(docs)
      .where(inArray(docs.slug, slugs));
    expect(rows).toHaveLength(slugs.length);
    expect(rows.every((r) => r.status === "published")).toBe(true);
    const byslug = new Map(rows.map((r) => [r.slug, r]));
    for (const section of DOCS_SEED)
      for (const page of section.pages) expect(byslug.get(page.slug)!.parentId).toBe(byslug.get(section.slug)!.id);
    const indexed = await t.db
      .select({ href: searchEntries.href })
      .from(searchEntries)
      .where(
        and(
          eq(searchEntries.source, "doc"),
          inArray(
            searchEntries.sourceId,
            rows.map((r) => r.id),
          ),
        ),
      );
    expect(indexed.map((e) => e.href).sort()).toEqual(slugs.map((s) => `/docs/${s}`).sort());
  });

  it("adds nothing on a second start", async () => {
    const count = async () => {
      const [d] = await t.db.select({ n: sql<number>`count(*)::int` }).from(docs);
      const [r] = await t.db.select({ n: sql<number>`count(*)::int` }).from(contentRevisions);
      return [Number(d!.n), Number(r!.n)];
    };
    const before = await count();
    await seedDocs(t.db);
    expect(await count()).toEqual(before);
  });
});
