import { and, asc, eq } from "drizzle-orm";
import { contentRevisions, type ContentStatus } from "../../db/content-schema";
import { staffAccounts } from "../../db/staff-schema";
import type { Db } from "../../db/client";
import { inTransaction, pgCode } from "../../db/tx";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { indexSearchDocument, removeSearchDocument } from "../search/index-entries";
import { recordStaffAudit } from "../staff/audit";
import { isEditor, type StaffCaller } from "../staff/caller";
import { SLUG_MAX, SLUG_PATTERN } from "../../rules/content-slug";
import type { ContentKindSpec, ContentRow } from "./kind";

/** An item's name in its URL (platform/rules/content-slug.ts, shared with the pages). */
export { SLUG_MAX, SLUG_PATTERN };

/** Where an item stands, as the desk shows it. */
export interface ContentState {
  id: number;
  slug: string;
  status: ContentStatus;
  latestRevision: number;
  publishedRevision: number | null;
}

const stateOf = (row: ContentRow): ContentState => ({
  id: row.id,
  slug: row.slug,
  status: row.status,
  latestRevision: row.latestRevision,
  publishedRevision: row.publishedRevision,
});

/** Editors and admins only; an agent, a lead or finance gets PERMISSION_DENIED. Null: the seed. */
function requireEditor(staff: StaffCaller | null): void {
  if (staff && !isEditor(staff)) fail("PERMISSION_DENIED", undefined, "只有编辑可以修改文档、数据集、软件和模型");
}

function parseFields<F extends Record<string, unknown>>(spec: ContentKindSpec<F>, input: unknown): F {
  const parsed = spec.fields.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  return fail("BAD_REQUEST", issue.path.map(String).join(".") || undefined, issue.message);
}

async function lockedRow<F extends Record<string, unknown>>(
  tx: Db,
  spec: ContentKindSpec<F>,
  id: number,
): Promise<ContentRow> {
  const table = spec.table;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the four tables share these columns
  const [row] = await (tx as any).select().from(table).where(eq(table.id, id)).for("update");
  if (!row) return fail("NOT_FOUND", "id", "没有这篇内容");
  return row as ContentRow;
}

async function updateRow(tx: Db, spec: ContentKindSpec<never>, id: number, values: Record<string, unknown>) {
  const table = spec.table;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the four tables share these columns
  const [row] = await (tx as any).update(table).set(values).where(eq(table.id, id)).returning();
  return row as ContentRow;
}

async function writeRevision(
  tx: Db,
  kind: ContentKindSpec<never>["kind"],
  itemId: number,
  number: number,
  fields: unknown,
  staff: StaffCaller | null,
  at: Date,
) {
  await tx.insert(contentRevisions).values({
    kind,
    itemId,
    number,
    fields: fields as Record<string, unknown>,
    staffId: staff?.staffId ?? null,
    createdAt: at,
  });
}

async function audit(
  tx: Db,
  staff: StaffCaller | null,
  at: Date,
  action: string,
  kind: string,
  id: number,
  before: unknown,
  after: unknown,
) {
  if (staff) await recordStaffAudit(tx, staff, at, { action, targetType: kind, targetId: id, before, after });
}

/**
 * A new item, as a draft (revision 1). The slug is its URL name for good: it
 * must be new among its kind. Editors and admins only.
 */
export async function createContent<F extends Record<string, unknown>>(
  ctx: Ctx,
  staff: StaffCaller | null,
  spec: ContentKindSpec<F>,
  input: { slug: string; fields: unknown },
): Promise<ContentState> {
  requireEditor(staff);
  const slug = input.slug.trim();
  if (!SLUG_PATTERN.test(slug) || slug.length > SLUG_MAX)
    fail("BAD_REQUEST", "slug", "网址名为 1-64 位小写字母、数字和连字符（如 quick-start）");
  const fields = parseFields(spec, input.fields);
  await spec.validate?.(ctx, fields, null);
  const now = ctx.now();
  try {
    return await inTransaction(ctx.db, async (tx) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the four tables share these columns
      const [row] = await (tx as any)
        .insert(spec.table)
        .values({ ...spec.toColumns(fields), slug, status: "draft", latestRevision: 1, createdAt: now, updatedAt: now })
        .returning();
      const created = row as ContentRow;
      await writeRevision(tx, spec.kind, created.id, 1, fields, staff, now);
      await audit(tx, staff, now, "content.create", spec.kind, created.id, null, { ...stateOf(created), fields });
      return stateOf(created);
    });
  } catch (error) {
    if (pgCode(error) === "23505") return fail("BAD_REQUEST", "slug", `网址名 ${slug} 已被使用，请换一个`);
    throw error;
  }
}

/**
 * Saves an editor's fields as the next revision. `basedOn` is the revision the
 * editor's form was made from: when another save came first the save is
 * refused (CONTENT_CHANGED) and nothing changes. A published item keeps
 * showing its published revision until the next publish; an item visitors do
 * not see takes the new fields at once.
 */
export async function saveContent<F extends Record<string, unknown>>(
  ctx: Ctx,
  staff: StaffCaller,
  spec: ContentKindSpec<F>,
  id: number,
  input: { fields: unknown; basedOn: number },
): Promise<ContentState> {
  requireEditor(staff);
  const fields = parseFields(spec, input.fields);
  await spec.validate?.(ctx, fields, id);
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const before = await lockedRow(tx, spec, id);
    if (before.latestRevision !== input.basedOn) fail("CONTENT_CHANGED", "basedOn");
    const number = before.latestRevision + 1;
    await writeRevision(tx, spec.kind, id, number, fields, staff, now);
    const visible = before.status === "published";
    const after = await updateRow(tx, spec as ContentKindSpec<never>, id, {
      ...(visible ? {} : spec.toColumns(fields)),
      latestRevision: number,
      updatedAt: now,
    });
    await audit(tx, staff, now, "content.save", spec.kind, id, stateOf(before), { ...stateOf(after), fields });
    return stateOf(after);
  });
}

/**
 * Publishes a revision (the latest when none is named): its fields become the
 * item's columns, visitors see it, and the search index has it.
 */
export async function publishContent<F extends Record<string, unknown>>(
  ctx: Ctx,
  staff: StaffCaller | null,
  spec: ContentKindSpec<F>,
  id: number,
  revision?: number,
): Promise<ContentState> {
  requireEditor(staff);
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const before = await lockedRow(tx, spec, id);
    const number = revision ?? before.latestRevision;
    const [saved] = await tx
      .select({ fields: contentRevisions.fields })
      .from(contentRevisions)
      .where(
        and(eq(contentRevisions.kind, spec.kind), eq(contentRevisions.itemId, id), eq(contentRevisions.number, number)),
      );
    if (!saved) return fail("NOT_FOUND", "revision", `没有第 ${number} 版`);
    // A revision saved under older rules is checked again before visitors see it.
    const fields = parseFields(spec, saved.fields);
    await spec.validate?.({ ...ctx, db: tx }, fields, id);
    const after = await updateRow(tx, spec as ContentKindSpec<never>, id, {
      ...spec.toColumns(fields),
      status: "published",
      publishedRevision: number,
      publishedAt: now,
      updatedAt: now,
    });
    const entry = spec.searchDocument(after as never);
    if (entry) await indexSearchDocument({ ...ctx, db: tx }, entry);
    await audit(tx, staff, now, "content.publish", spec.kind, id, stateOf(before), stateOf(after));
    return stateOf(after);
  });
}

/** Takes an item off the site: visitors get 404 and search no longer finds it. Its revisions stay. */
export async function unpublishContent<F extends Record<string, unknown>>(
  ctx: Ctx,
  staff: StaffCaller,
  spec: ContentKindSpec<F>,
  id: number,
): Promise<ContentState> {
  requireEditor(staff);
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const before = await lockedRow(tx, spec, id);
    if (before.status !== "published") fail("BAD_REQUEST", "id", "这篇内容没有发布，无需下线");
    const after = await updateRow(tx, spec as ContentKindSpec<never>, id, { status: "unpublished", updatedAt: now });
    const entry = spec.searchDocument(after as never);
    if (entry) await removeSearchDocument({ ...ctx, db: tx }, entry.source, entry.sourceId);
    await audit(tx, staff, now, "content.unpublish", spec.kind, id, stateOf(before), stateOf(after));
    return stateOf(after);
  });
}

/** One saved version of an item, for the desk's version list. */
export interface ContentRevisionSummary {
  number: number;
  /** The staff member's display name; null for the seed. */
  savedBy: string | null;
  savedAt: Date;
  published: boolean;
}

/** An item's versions, newest first. */
export async function listContentRevisions<F extends Record<string, unknown>>(
  ctx: Ctx,
  spec: ContentKindSpec<F>,
  id: number,
): Promise<ContentRevisionSummary[]> {
  const table = spec.table;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the four tables share these columns
  const [item] = await (ctx.db as any)
    .select({ publishedRevision: table.publishedRevision })
    .from(table)
    .where(eq(table.id, id));
  if (!item) return fail("NOT_FOUND", "id", "没有这篇内容");
  const rows = await ctx.db
    .select({
      number: contentRevisions.number,
      savedBy: staffAccounts.displayName,
      savedAt: contentRevisions.createdAt,
    })
    .from(contentRevisions)
    .leftJoin(staffAccounts, eq(staffAccounts.id, contentRevisions.staffId))
    .where(and(eq(contentRevisions.kind, spec.kind), eq(contentRevisions.itemId, id)))
    .orderBy(asc(contentRevisions.number));
  return rows
    .map((r) => ({ ...r, published: r.number === (item as { publishedRevision: number | null }).publishedRevision }))
    .reverse();
}

/** The fields of one saved version (to show it, or to start a new save from it). */
export async function contentRevisionFields<F extends Record<string, unknown>>(
  ctx: Ctx,
  spec: ContentKindSpec<F>,
  id: number,
  number: number,
): Promise<F> {
  const [saved] = await ctx.db
    .select({ fields: contentRevisions.fields })
    .from(contentRevisions)
    .where(
      and(eq(contentRevisions.kind, spec.kind), eq(contentRevisions.itemId, id), eq(contentRevisions.number, number)),
    );
  if (!saved) return fail("NOT_FOUND", "revision", `没有第 ${number} 版`);
  return saved.fields as F;
}

/** The seed's way in: a new item, published at once as revision 1, without a staff member or an audit row. */
export async function seedPublishedContent<F extends Record<string, unknown>>(
  ctx: Ctx,
  spec: ContentKindSpec<F>,
  input: { slug: string; fields: F },
): Promise<ContentState> {
  const created = await createContent(ctx, null, spec, input);
  return publishContent(ctx, null, spec, created.id, 1);
}
