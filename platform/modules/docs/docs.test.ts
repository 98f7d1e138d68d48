/**
 * The docs read module (issue 35 §1): the sidebar tree of published sections
 * and pages in position order, one page with its breadcrumbs and its previous
 * and next docs in reading order, drafts and unpublished docs (and pages of an
 * unpublished section) answered as unknown, and the rules blocks filled in.
 * The seed's docs are there too; these docs sit after them (positions ≥ 1000).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { docKind, type DocFields } from "../content/kinds/doc";
import { staffAccounts } from "../../db/staff-schema";
import {
  createContent,
  publishContent,
  saveContent,
  seedPublishedContent,
  unpublishContent,
} from "../content/lifecycle";
import type { StaffCaller } from "../staff/caller";
import { DomainError } from "../errors";
import { docPage } from "./page";
import { docsTree } from "./tree";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

async function editor(): Promise<StaffCaller> {
  const login = `docs.ed${Date.now()}${++n}`;
  await t.ops("staff add", { login, name: "编辑小王", role: "editor", password: "Desk-passw0rd" });
  const [row] = await t.db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.login, login));
  return { staffId: row!.id, login, displayName: "编辑小王", role: "editor", sessionId: 0, origin: { ip: null } };
}

let n = 0;
const unique = (name: string) => `${name}-${++n}-${Date.now() % 100_000}`;
const fields = (
  title: string,
  position: number,
  parentId: number | null,
  body = `# ${title}\n\n正文。`,
): DocFields => ({
  title,
  summary: `${title}的摘要`,
  parentId,
  position,
  body,
});

async function published(title: string, position: number, parentId: number | null = null, body?: string) {
  const slug = unique("doc");
  const state = await seedPublishedContent(t.ctx, docKind, { slug, fields: fields(title, position, parentId, body) });
  return { id: state.id, slug };
}

async function draft(title: string, position: number, parentId: number | null = null) {
  const slug = unique("draft");
  const state = await createContent(t.ctx, null, docKind, { slug, fields: fields(title, position, parentId) });
  return { id: state.id, slug };
}

async function notFound(slug: string) {
  const error = await docPage(t.ctx, { slug }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).key).toBe("NOT_FOUND");
}

describe("docs tree and pages", () => {
  let first: { id: number; slug: string };
  let second: { id: number; slug: string };
  let a: { slug: string };
  let b: { slug: string };
  let c: { slug: string };
  let hiddenDraft: { slug: string };
  let pageOfDraftSection: { slug: string; id: number };

  beforeAll(async () => {
    second = await published("测试栏目二", 1002);
    first = await published("测试栏目一", 1001);
    // Inserted out of order: position decides, not the insertion.
    c = await published("页面丙", 3, first.id);
    a = await published("页面甲", 1, first.id);
    b = await published("页面乙", 2, second.id);
    hiddenDraft = await draft("草稿页", 2, first.id);
    const section = await draft("草稿栏目", 1003);
    // A published page under a section nobody sees: the seed path publishes it.
    pageOfDraftSection = await published("孤儿页", 1, section.id);
  });

  it("lists published sections and their pages in position order, without drafts", async () => {
    const tree = await docsTree(t.ctx);
    const ours = tree.filter((s) => s.title.startsWith("测试栏目"));
    expect(ours.map((s) => s.title)).toEqual(["测试栏目一", "测试栏目二"]);
    expect(ours[0]!.pages.map((p) => p.title)).toEqual(["页面甲", "页面丙"]);
    expect(ours[1]!.pages.map((p) => p.title)).toEqual(["页面乙"]);
    expect(ours[0]!.summary).toBe("测试栏目一的摘要");
    const every = tree.flatMap((s) => [s.slug, ...s.pages.map((p) => p.slug)]);
    expect(every).not.toContain(hiddenDraft.slug);
    expect(every).not.toContain(pageOfDraftSection.slug);
    expect(tree.map((s) => s.title)).not.toContain("草稿栏目");
  });

  it("gives a page its section as breadcrumbs and its neighbours in reading order across sections", async () => {
    const pageA = await docPage(t.ctx, { slug: a.slug });
    expect(pageA.section).toEqual({ slug: first.slug, title: "测试栏目一" });
    expect(pageA.previous).toEqual({ slug: first.slug, title: "测试栏目一" });
    expect(pageA.next).toEqual({ slug: c.slug, title: "页面丙" });
    const pageC = await docPage(t.ctx, { slug: c.slug });
    expect(pageC.previous?.title).toBe("页面甲");
    expect(pageC.next).toEqual({ slug: second.slug, title: "测试栏目二" });
    const sectionTwo = await docPage(t.ctx, { slug: second.slug });
    expect(sectionTwo.section).toBeNull();
    expect(sectionTwo.previous?.title).toBe("页面丙");
    expect(sectionTwo.next).toEqual({ slug: b.slug, title: "页面乙" });
    expect(pageA.body).toBe("# 页面甲\n\n正文。");
    expect(pageA.publishedAt).toBeInstanceOf(Date);
  });

  it("answers drafts, unpublished docs, pages of a hidden section and non-slugs as unknown", async () => {
    await notFound(hiddenDraft.slug);
    await notFound(pageOfDraftSection.slug);
    await notFound("no-such-doc-anywhere");
    await notFound("../etc/passwd");
    await notFound("A".repeat(300));
    const gone = await published("将下线", 1, second.id);
    await docPage(t.ctx, { slug: gone.slug });
    await unpublishContent(t.ctx, await editor(), docKind, gone.id);
    await notFound(gone.slug);
  });

  it("shows the published version while a newer save waits", async () => {
    const page = await published("已发布标题", 5, second.id);
    await saveContent(t.ctx, await editor(), docKind, page.id, {
      fields: fields("未发布的新标题", 5, second.id),
      basedOn: 1,
    });
    expect((await docPage(t.ctx, { slug: page.slug })).title).toBe("已发布标题");
    await publishContent(t.ctx, null, docKind, page.id);
    expect((await docPage(t.ctx, { slug: page.slug })).title).toBe("未发布的新标题");
  });

  it("fills in the rules blocks with today's rules and the site's retention", async () => {
    const page = await published(
      "计费测试",
      9,
      first.id,
      "## 保留\n\n<!-- rules:retention -->\n\n<!-- rules:billing-modes -->",
    );
    const read = await docPage(t.ctx, { slug: page.slug });
    expect(read.body).not.toContain("<!--");
    expect(read.body).toContain(`| 按量计费实例关机（含欠费关机） | 关机后 ${t.ctx.site.instanceRetentionDays} 天 |`);
    expect(read.body).toContain("| 包月 | 1–12 个月（每月按 30 天计） | 9.5 折 |");
    const longer = await docPage({ ...t.ctx, site: { ...t.ctx.site, instanceRetentionDays: 30 } }, { slug: page.slug });
    expect(longer.body).toContain("| 按量计费实例关机（含欠费关机） | 关机后 30 天 |");
  });
});
