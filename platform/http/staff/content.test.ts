/**
 * The desk's content calls (issue 35 §2): editors and admins create, save,
 * publish, unpublish and roll back docs, datasets, software and models through
 * the lifecycle; agents, leads and finance are refused (PERMISSION_DENIED, which the web tier answers 403) and change
 * nothing; unknown ids and kinds are refused without a 500; a stale save is
 * CONTENT_CHANGED; a draft is never in the search index.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";
import type { ContentDetailWire, ContentListItemWire, ContentStateWire } from "../../contract/content";
import { contentRevisions, datasets, docs, searchEntries } from "../../db/content-schema";
import { staffAudit } from "../../db/staff-schema";

let t: TestPlatform;
let editor: string;
let admin: string;
beforeAll(async () => {
  t = await startTestPlatform();
  editor = await staffLogin(t, await addStaff(t, "editor", "编辑小李"));
  admin = await staffLogin(t, await addStaff(t, "admin", "管理员老张"));
});
afterAll(() => t.close());

let n = 0;
const slug = (base: string) => `${base}-${++n}`;

async function ok<T>(path: string, token: string, fields: Record<string, string | number>): Promise<T> {
  const reply = await staffPost<T>(t, path, token, fields);
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: 0 });
  return reply.body.data;
}

const docFields = (title: string, body = "正文") => ({ title, summary: "", parentId: "", position: 0, body });

async function newDoc(token = editor, title = "快速开始") {
  return ok<ContentStateWire>("/content/create", token, { kind: "doc", slug: slug("quick"), ...docFields(title) });
}

const indexed = (id: number) =>
  t.db
    .select({ title: searchEntries.title })
    .from(searchEntries)
    .where(and(eq(searchEntries.source, "doc"), eq(searchEntries.sourceId, id)));

describe("an editor's doc from draft to rollback", () => {
  it("creates a draft, saves, publishes, shows pending changes, rolls back and unpublishes, auditing each", async () => {
    const created = await newDoc();
    expect(created).toMatchObject({ status: "draft", latest_revision: 1, published_revision: null });
    expect(await indexed(created.id)).toEqual([]);

    await ok("/content/save", editor, { kind: "doc", id: created.id, based_on: 1, ...docFields("快速开始（二）") });
    await ok("/content/publish", editor, { kind: "doc", id: created.id });
    expect(await indexed(created.id)).toEqual([{ title: "快速开始（二）" }]);

    // A save of a published item waits for the next publish: the list says so.
    await ok("/content/save", admin, { kind: "doc", id: created.id, based_on: 2, ...docFields("快速开始（三）") });
    const { items } = await ok<{ items: ContentListItemWire[] }>("/content/list", editor, { kind: "doc" });
    expect(items.find((i) => i.id === created.id)).toMatchObject({
      title: "快速开始（二）",
      status: "published",
      latest_revision: 3,
      published_revision: 2,
      unpublished_changes: true,
    });

    const detail = await ok<ContentDetailWire>("/content/detail", editor, { kind: "doc", id: created.id });
    expect(detail.fields).toMatchObject({ title: "快速开始（三）", parentId: null, position: 0 });
    expect(detail.versions.map((v) => [v.number, v.saved_by, v.published])).toEqual([
      [3, "管理员老张", false],
      [2, "编辑小李", true],
      [1, "编辑小李", false],
    ]);
    const first = await ok<{ fields: { title: string } }>("/content/revision", editor, {
      kind: "doc",
      id: created.id,
      number: 1,
    });
    expect(first.fields.title).toBe("快速开始");

    // 发布此版本: an older revision becomes what visitors see.
    await ok("/content/publish", editor, { kind: "doc", id: created.id, revision: 1 });
    const [row] = await t.db.select().from(docs).where(eq(docs.id, created.id));
    expect(row).toMatchObject({ title: "快速开始", publishedRevision: 1, latestRevision: 3 });
    expect(await indexed(created.id)).toEqual([{ title: "快速开始" }]);

    await ok("/content/unpublish", editor, { kind: "doc", id: created.id });
    expect(await indexed(created.id)).toEqual([]);
    const audits = await t.db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .where(and(eq(staffAudit.targetType, "doc"), eq(staffAudit.targetId, String(created.id))));
    expect(audits.map((a) => a.action)).toEqual([
      "content.create",
      "content.save",
      "content.publish",
      "content.save",
      "content.publish",
      "content.unpublish",
    ]);
  });

  it("refuses a stale save with CONTENT_CHANGED and writes nothing", async () => {
    const created = await newDoc();
    await ok("/content/save", editor, { kind: "doc", id: created.id, based_on: 1, ...docFields("先到的") });
    const stale = await staffPost(t, "/content/save", admin, {
      kind: "doc",
      id: created.id,
      based_on: 1,
      ...docFields("后到的"),
    });
    // The main API answers refusals with HTTP 200 and the key; the web tier maps it (CONTENT_CHANGED: 409).
    expect(stale.body).toMatchObject({ key: "CONTENT_CHANGED", reason: expect.stringContaining("已被他人修改") });
    const [row] = await t.db.select().from(docs).where(eq(docs.id, created.id));
    expect(row).toMatchObject({ title: "先到的", latestRevision: 2 });
  });

  it("shows a bad field beside its name in Chinese, and a long markdown body fits", async () => {
    const bad = await staffPost(t, "/content/create", editor, { kind: "doc", slug: slug("x"), ...docFields("") });
    expect(bad.body).toMatchObject({ status: 1, reason: "请填写标题", data: { field: "title" } });
    const badSlug = await staffPost(t, "/content/create", editor, { kind: "doc", slug: "Bad Slug", ...docFields("a") });
    expect(badSlug.body).toMatchObject({ status: 1, data: { field: "slug" } });
    // 100,000 Han characters are 900 KB percent-encoded: over /staff's 64 KB, within the content calls' own limit.
    const long = await ok<ContentStateWire>("/content/create", editor, {
      kind: "doc",
      slug: slug("long"),
      ...docFields("长文", "算".repeat(100_000)),
    });
    expect(long.status).toBe("draft");
  });

  it("takes a dataset's fields and refuses a model whose image is not official", async () => {
    const created = await ok<ContentStateWire>("/content/create", editor, {
      kind: "dataset",
      slug: slug("cifar"),
      name: "CIFAR-10",
      task: "图像分类",
      sizeBytes: 170_498_071,
      fileCount: 6,
      licence: "MIT",
      sourceUrl: "https://www.cs.toronto.edu/~kriz/cifar.html",
      mountPath: "/root/gpu-pub/cifar-10",
      summary: "",
      position: 0,
      body: "",
    });
    const [row] = await t.db.select().from(datasets).where(eq(datasets.id, created.id));
    expect(row).toMatchObject({ name: "CIFAR-10", sizeBytes: 170_498_071, status: "draft" });
    const model = await staffPost(t, "/content/create", editor, {
      kind: "model",
      slug: slug("qwen"),
      name: "Qwen",
      family: "llm",
      publisher: "阿里",
      parameters: "7B",
      gpuMemoryGb: 16,
      imageId: 999_999,
      licence: "Apache-2.0",
    });
    expect(model.body).toMatchObject({ status: 1, data: { field: "imageId" } });
    const { images } = await ok<{ images: { id: number; label: string }[] }>("/content/model-images", editor, {});
    expect(Array.isArray(images)).toBe(true);
  });
});

describe("who may edit", () => {
  it("refuses agents, leads and finance on every call with 403, changing nothing", async () => {
    const created = await newDoc(editor, "只给编辑");
    const revisionsBefore = await t.db.select().from(contentRevisions).where(eq(contentRevisions.itemId, created.id));
    for (const role of ["agent", "lead", "finance"] as const) {
      const token = await staffLogin(t, await addStaff(t, role, `员工${role}`));
      const calls: [string, Record<string, string | number>][] = [
        ["/content/list", { kind: "doc" }],
        ["/content/detail", { kind: "doc", id: created.id }],
        ["/content/revision", { kind: "doc", id: created.id, number: 1 }],
        ["/content/create", { kind: "doc", slug: slug("nope"), ...docFields("不该有") }],
        ["/content/save", { kind: "doc", id: created.id, based_on: 1, ...docFields("不该改") }],
        ["/content/publish", { kind: "doc", id: created.id }],
        ["/content/unpublish", { kind: "doc", id: created.id }],
        ["/content/model-images", {}],
      ];
      for (const [path, fields] of calls) {
        const reply = await staffPost(t, path, token, fields);
        expect(reply.body, `${role} ${path}`).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
      }
    }
    const [row] = await t.db.select().from(docs).where(eq(docs.id, created.id));
    expect(row).toMatchObject({ title: "只给编辑", status: "draft", latestRevision: 1 });
    expect(await t.db.select().from(contentRevisions).where(eq(contentRevisions.itemId, created.id))).toEqual(
      revisionsBefore,
    );
    expect((await staffPost(t, "/content/list", null, { kind: "doc" })).body).toMatchObject({ status: 2 });
  });

  it("answers unknown ids, revisions and kinds with a refusal, never a 500", async () => {
    const created = await newDoc();
    const walks: [string, Record<string, string | number>, string][] = [
      ["/content/detail", { kind: "doc", id: 987_654_321 }, "NOT_FOUND"],
      ["/content/detail", { kind: "dataset", id: created.id + 1_000_000 }, "NOT_FOUND"],
      ["/content/revision", { kind: "doc", id: created.id, number: 99 }, "NOT_FOUND"],
      ["/content/save", { kind: "doc", id: 987_654_321, based_on: 1, ...docFields("无") }, "NOT_FOUND"],
      ["/content/publish", { kind: "doc", id: 987_654_321 }, "NOT_FOUND"],
      ["/content/publish", { kind: "doc", id: created.id, revision: 42 }, "NOT_FOUND"],
      ["/content/unpublish", { kind: "doc", id: 987_654_321 }, "NOT_FOUND"],
      ["/content/unpublish", { kind: "doc", id: created.id }, "BAD_REQUEST"],
      ["/content/list", { kind: "page" }, "BAD_REQUEST"],
      ["/content/detail", { kind: "doc", id: "abc" }, "BAD_REQUEST"],
    ];
    for (const [path, fields, key] of walks) {
      const reply = await staffPost(t, path, editor, fields);
      expect(reply.http, `${path} ${JSON.stringify(fields)}`).toBe(200);
      expect(reply.body).toMatchObject({ status: 1, key });
    }
    const [row] = await t.db.select().from(docs).where(eq(docs.id, created.id));
    expect(row).toMatchObject({ status: "draft", latestRevision: 1 });
  });
});
