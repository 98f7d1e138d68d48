/** The docs reads on the wire: GET /api/docs/tree and /api/docs/page (issue 35 §1). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocPageWire, DocTreeWire } from "../contract/docs";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

describe("docs on the wire", () => {
  it("gives the published tree to anyone", async () => {
    const reply = await t.get("/docs/tree");
    expect(reply.http).toBe(200);
    const tree = reply.body.data as DocTreeWire;
    const start = tree.sections.find((s) => s.slug === "quick-start")!;
    expect(start.title).toBe("快速开始");
    expect(start.pages.slice(0, 2).map((p) => p.slug)).toEqual(["register", "verification"]);
  });

  it("gives a page with its breadcrumbs, neighbours and rules tables filled in", async () => {
    const reply = await t.get("/docs/page", { slug: "billing-modes" });
    expect(reply.http).toBe(200);
    const page = reply.body.data as DocPageWire;
    expect(page).toMatchObject({
      slug: "billing-modes",
      title: "计费方式与折扣",
      section: { slug: "billing", title: "计费" },
      previous: { slug: "billing", title: "计费" },
      next: { slug: "membership", title: "会员等级" },
    });
    expect(page.body).toContain("| 包月 | 1–12 个月（每月按 30 天计） | 9.5 折 | 下单时一次付清 |");
    expect(page.body).not.toContain("<!-- rules:");
    expect(Date.parse(page.published_at)).not.toBeNaN();
    expect(page.sections.length).toBeGreaterThanOrEqual(6);
  });

  it("refuses an unknown slug and a non-slug as NOT_FOUND (the main API's status 1), a missing slug as BAD_REQUEST", async () => {
    for (const slug of ["no-such-page", "../../etc", "x".repeat(150)]) {
      const reply = await t.get("/docs/page", { slug });
      expect(reply.body, slug).toMatchObject({ status: 1, key: "NOT_FOUND" });
      expect(reply.body.reason).toBe("文档不存在或已下线");
    }
    const missing = await t.get("/docs/page");
    expect(missing.body).toMatchObject({ status: 1, key: "BAD_REQUEST", reason: "请指定文档" });
  });
});
