/**
 * The content lifecycle (decision 072): draft → published → unpublished, a
 * numbered revision per save with who saved it, a published item showing its
 * published revision until the next publish, the search index following
 * publish and unpublish, a stale save refused, and only editors and admins
 * allowed. Runs on PGlite and, in CI, on PostgreSQL.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { contentRevisions, docs, searchEntries } from "../../db/content-schema";
import { staffAccounts, staffAudit, type StaffRole } from "../../db/staff-schema";
import type { StaffCaller } from "../staff/caller";
import type { ContentKindSpec } from "./kind";
import {
  contentRevisionFields,
  createContent,
  listContentRevisions,
  publishContent,
  saveContent,
  seedPublishedContent,
  unpublishContent,
} from "./lifecycle";

/** A small spec over the docs table: what the lifecycle needs of a kind, nothing of the docs pages. */
const Fields = z.object({
  title: z.string().trim().min(1, "请填写标题").max(100, "标题不能超过 100 个字"),
  body: z.string().max(100_000, "正文太长"),
});
type Fields = z.infer<typeof Fields>;
const spec: ContentKindSpec<Fields, typeof docs.$inferSelect> = {
  kind: "doc",
  table: docs,
  fields: Fields,
  toColumns: (f) => ({ title: f.title, body: f.body }),
  fromRow: (row) => ({ title: row.title, body: row.body }),
  searchDocument: (row) => ({
    source: "doc",
    sourceId: row.id,
    title: row.title,
    href: `/docs/${row.slug}`,
    plainText: row.body,
  }),
};

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

let staffIds = 0;
async function staff(role: StaffRole, name = "编辑小李"): Promise<StaffCaller> {
  const login = `ed${Date.now()}${++staffIds}`;
  await t.ops("staff add", { login, name, role, password: "Desk-passw0rd" });
  const [row] = await t.db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.login, login));
  return { staffId: row!.id, login, displayName: name, role, sessionId: 0, origin: { ip: null } };
}

let slugs = 0;
const slug = () => `page-${++slugs}-${Date.now() % 100000}`;
const rowOf = async (id: number) => (await t.db.select().from(docs).where(eq(docs.id, id)))[0]!;
const indexed = async (id: number) =>
  t.db
    .select({ title: searchEntries.title })
    .from(searchEntries)
    .where(and(eq(searchEntries.source, "doc"), eq(searchEntries.sourceId, id)));

describe("content lifecycle", () => {
  it("creates a draft, publishes it into the index, keeps showing it while a new revision waits, then publishes that", async () => {
    const editor = await staff("editor");
    const created = await createContent(t.ctx, editor, spec, {
      slug: slug(),
      fields: { title: "快速开始", body: "注册、充值、租用实例" },
    });
    expect(created).toMatchObject({ status: "draft", latestRevision: 1, publishedRevision: null });
    expect(await indexed(created.id)).toEqual([]);

    const published = await publishContent(t.ctx, editor, spec, created.id);
    expect(published).toMatchObject({ status: "published", publishedRevision: 1 });
    expect(await indexed(created.id)).toEqual([{ title: "快速开始" }]);

    const saved = await saveContent(t.ctx, editor, spec, created.id, {
      fields: { title: "快速开始（新版）", body: "先实名认证" },
      basedOn: 1,
    });
    expect(saved).toMatchObject({ status: "published", latestRevision: 2, publishedRevision: 1 });
    // Visitors still see revision 1, and so does search.
    expect(await rowOf(created.id)).toMatchObject({ title: "快速开始", body: "注册、充值、租用实例" });
    expect(await indexed(created.id)).toEqual([{ title: "快速开始" }]);

    await publishContent(t.ctx, editor, spec, created.id);
    expect(await rowOf(created.id)).toMatchObject({ title: "快速开始（新版）", publishedRevision: 2 });
    expect(await indexed(created.id)).toEqual([{ title: "快速开始（新版）" }]);

    const versions = await listContentRevisions(t.ctx, spec, created.id);
    expect(versions.map((v) => [v.number, v.savedBy, v.published])).toEqual([
      [2, "编辑小李", true],
      [1, "编辑小李", false],
    ]);
    expect(await contentRevisionFields(t.ctx, spec, created.id, 1)).toEqual({
      title: "快速开始",
      body: "注册、充值、租用实例",
    });
  });

  it("publishes an older revision again (a rollback), and unpublishing takes it out of the index", async () => {
    const editor = await staff("admin", "管理员");
    const { id } = await createContent(t.ctx, editor, spec, { slug: slug(), fields: { title: "计费", body: "一" } });
    await saveContent(t.ctx, editor, spec, id, { fields: { title: "计费规则", body: "二" }, basedOn: 1 });
    await publishContent(t.ctx, editor, spec, id, 1);
    expect(await rowOf(id)).toMatchObject({ title: "计费", body: "一", publishedRevision: 1, latestRevision: 2 });

    const off = await unpublishContent(t.ctx, editor, spec, id);
    expect(off.status).toBe("unpublished");
    expect(await indexed(id)).toEqual([]);
    await expect(unpublishContent(t.ctx, editor, spec, id)).rejects.toMatchObject({ key: "BAD_REQUEST" });
  });

  it("an unpublished item takes a save at once (nobody else sees it)", async () => {
    const editor = await staff("editor");
    const { id } = await createContent(t.ctx, editor, spec, { slug: slug(), fields: { title: "草稿", body: "" } });
    await saveContent(t.ctx, editor, spec, id, { fields: { title: "草稿二", body: "正文" }, basedOn: 1 });
    expect(await rowOf(id)).toMatchObject({ title: "草稿二", status: "draft", latestRevision: 2 });
  });

  it("refuses a save based on an older revision, and changes nothing", async () => {
    const editor = await staff("editor");
    const { id } = await createContent(t.ctx, editor, spec, { slug: slug(), fields: { title: "甲", body: "" } });
    await saveContent(t.ctx, editor, spec, id, { fields: { title: "乙", body: "" }, basedOn: 1 });
    await expect(
      saveContent(t.ctx, editor, spec, id, { fields: { title: "丙", body: "" }, basedOn: 1 }),
    ).rejects.toMatchObject({ key: "CONTENT_CHANGED" });
    expect(await rowOf(id)).toMatchObject({ title: "乙", latestRevision: 2 });
  });

  it("refuses bad fields and a taken or malformed slug with the field named, writing nothing", async () => {
    const editor = await staff("editor");
    const taken = slug();
    await createContent(t.ctx, editor, spec, { slug: taken, fields: { title: "有", body: "" } });
    await expect(
      createContent(t.ctx, editor, spec, { slug: taken, fields: { title: "重", body: "" } }),
    ).rejects.toMatchObject({
      key: "BAD_REQUEST",
      field: "slug",
    });
    for (const bad of ["", "Has-Upper", "a--b", "中文", "x".repeat(65), "-a"])
      await expect(
        createContent(t.ctx, editor, spec, { slug: bad, fields: { title: "标", body: "" } }),
      ).rejects.toMatchObject({
        field: "slug",
      });
    await expect(
      createContent(t.ctx, editor, spec, { slug: slug(), fields: { title: " ", body: "" } }),
    ).rejects.toMatchObject({
      key: "BAD_REQUEST",
      field: "title",
      detail: "请填写标题",
    });
    const titles = await t.db.select({ title: docs.title }).from(docs).where(eq(docs.title, "重"));
    expect(titles).toEqual([]);
  });

  it("refuses agents, leads and finance, and audits editors' actions", async () => {
    for (const role of ["agent", "lead", "finance"] as const) {
      const other = await staff(role);
      await expect(
        createContent(t.ctx, other, spec, { slug: slug(), fields: { title: "无权", body: "" } }),
      ).rejects.toMatchObject({
        key: "PERMISSION_DENIED",
      });
    }
    const editor = await staff("editor");
    const { id } = await createContent(t.ctx, editor, spec, { slug: slug(), fields: { title: "审计", body: "" } });
    await publishContent(t.ctx, editor, spec, id);
    const audits = await t.db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .where(and(eq(staffAudit.targetType, "doc"), eq(staffAudit.targetId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(["content.create", "content.publish"]);
  });

  it("the seed publishes revision 1 with no staff member", async () => {
    const seeded = await seedPublishedContent(t.ctx, spec, { slug: slug(), fields: { title: "种子", body: "内容" } });
    expect(seeded).toMatchObject({ status: "published", publishedRevision: 1, latestRevision: 1 });
    const [revision] = await t.db
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.kind, "doc"), eq(contentRevisions.itemId, seeded.id)));
    expect(revision).toMatchObject({ number: 1, staffId: null });
  });
});
