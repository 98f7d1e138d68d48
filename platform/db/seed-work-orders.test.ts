/**
 * The seeded self-help documents tell only what the product does (issue 33 §6): no feature it does not have, and
 * every link to a page of this site points at a page that exists.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appHasRoute, appRoutePatterns, routePattern } from "../../tests/support/app-routes";
import { CATALOGUE } from "./seed-work-orders";

const documents = CATALOGUE.flatMap((c) => [...(c.docs ?? []), ...c.questions.flatMap((q) => q.docs ?? [])]);
const questions = CATALOGUE.flatMap((c) => c.questions.map((q) => q.name));

/** Features this product does not have (README: what exists); a document that offers one sends a user nowhere. */
const MISSING_FEATURES =
  /发票|开票|实名认证|续费|升降配|升级配置|扩容|网盘|云盘|SFTP|开放\s*API|迁移|无卡模式|启动日志|费用中心|保存镜像|自定义镜像|autodl/i;

const linksOf = (markdown: string) => [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

describe("the route patterns the check relies on", () => {
  it("read Remix's flat route names", () => {
    expect(routePattern("console.finance.orders").test("/console/finance/orders")).toBe(true);
    expect(routePattern("console.instance.$uuid").test("/console/instance/abc-1")).toBe(true);
    expect(
      routePattern("console.createWorkOrder.myWorkOrderDetail.$id_.revoke").test(
        "/console/createWorkOrder/myWorkOrderDetail/3/revoke",
      ),
    ).toBe(true);
    expect(routePattern("console.coupon._index").test("/console/coupon")).toBe(true);
    expect(routePattern("console.finance.expenseDetail.export").test("/console/finance/expenseDetail")).toBe(false);
    const patterns = appRoutePatterns();
    expect(appHasRoute("/console/recharge", patterns)).toBe(true);
    expect(appHasRoute("/console/no-such-page", patterns)).toBe(false);
  });
});

describe("the seeded work-order catalogue", () => {
  it("has documents that link to this site's pages", () => {
    const internal = documents.flatMap((d) => linksOf(d.content)).filter((href) => href.startsWith("/"));
    expect(internal.length).toBeGreaterThan(0);
  });

  it.each(documents.map((d) => [d.title, d.content] as const))(
    "「%s」 links only to pages that exist",
    (_title, content) => {
      const patterns = appRoutePatterns();
      const dead = linksOf(content).filter((href) => href.startsWith("/") && !appHasRoute(href, patterns));
      expect(dead).toEqual([]);
    },
  );

  it("mentions no feature the product does not have, in a document, a question or the demo's orders", () => {
    const texts = [...documents.flatMap((d) => [d.title, d.content]), ...questions];
    expect(texts.filter((text) => MISSING_FEATURES.test(text))).toEqual([]);
    // The demo's orders and notices are written in the seed modules themselves.
    for (const file of ["seed-work-orders.ts", "seed.ts"]) {
      const source = readFileSync(path.join(__dirname, file), "utf8");
      expect(source.match(MISSING_FEATURES), file).toBeNull();
    }
  });
});
