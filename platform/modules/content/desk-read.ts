import { asc, eq, isNull } from "drizzle-orm";
import { images } from "../../db/market-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { isEditor, type StaffCaller } from "../staff/caller";
import type { ContentKindSpec, ContentRow } from "./kind";
import { contentRevisionFields, listContentRevisions, type ContentRevisionSummary } from "./lifecycle";

/** Editors and admins read the desk's content; anyone else is refused as the lifecycle refuses them. */
export function requireContentEditor(staff: StaffCaller): void {
  if (!isEditor(staff)) fail("PERMISSION_DENIED", undefined, "只有编辑可以修改文档、数据集、软件和模型");
}

/** One item as the desk lists it, whatever its status. */
export interface DeskContentItem {
  id: number;
  slug: string;
  status: ContentRow["status"];
  latestRevision: number;
  publishedRevision: number | null;
  title: string;
  parentId: number | null;
  position: number;
  /** Saved after its published revision: the desk shows 有未发布的修改. */
  unpublishedChanges: boolean;
  updatedAt: Date;
  publishedAt: Date | null;
  /** Where visitors read it once published (/docs/<slug>, …). */
  href: string | null;
}

function deskItem(spec: ContentKindSpec<Record<string, unknown>>, row: ContentRow): DeskContentItem {
  const named = row as ContentRow & { title?: string; name?: string; parentId?: number | null };
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    latestRevision: row.latestRevision,
    publishedRevision: row.publishedRevision,
    title: named.title ?? named.name ?? row.slug,
    parentId: named.parentId ?? null,
    position: row.position,
    unpublishedChanges: row.publishedRevision !== null && row.latestRevision > row.publishedRevision,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
    href: spec.searchDocument(row as never)?.href ?? null,
  };
}

/** Every item of a kind, drafts and unpublished ones too, in the site's order (position, then id). */
export async function listContentForDesk(
  ctx: Ctx,
  staff: StaffCaller,
  spec: ContentKindSpec<Record<string, unknown>>,
): Promise<DeskContentItem[]> {
  requireContentEditor(staff);
  const table = spec.table;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the four tables share these columns
  const rows = (await (ctx.db as any).select().from(table).orderBy(asc(table.position), asc(table.id))) as ContentRow[];
  return rows.map((row) => deskItem(spec, row));
}

/** One item for its edit form: its state, the fields of its latest revision, and its versions. */
export async function contentForDesk(
  ctx: Ctx,
  staff: StaffCaller,
  spec: ContentKindSpec<Record<string, unknown>>,
  id: number,
): Promise<{ item: DeskContentItem; fields: Record<string, unknown>; versions: ContentRevisionSummary[] }> {
  requireContentEditor(staff);
  const table = spec.table;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the four tables share these columns
  const [row] = (await (ctx.db as any).select().from(table).where(eq(table.id, id))) as ContentRow[];
  if (!row) return fail("NOT_FOUND", "id", "没有这篇内容");
  const fields = await contentRevisionFields(ctx, spec, id, row.latestRevision);
  const versions = await listContentRevisions(ctx, spec, id);
  return { item: deskItem(spec, row), fields, versions };
}

/** One saved version's fields (the desk's 查看). */
export async function contentRevisionForDesk(
  ctx: Ctx,
  staff: StaffCaller,
  spec: ContentKindSpec<Record<string, unknown>>,
  id: number,
  number: number,
): Promise<Record<string, unknown>> {
  requireContentEditor(staff);
  return contentRevisionFields(ctx, spec, id, number);
}

/** The market's official images, for a model's image select ("vLLM 0.6.3 · CUDA 12.4"). */
export async function officialImagesForModels(ctx: Ctx, staff: StaffCaller): Promise<{ id: number; label: string }[]> {
  requireContentEditor(staff);
  const rows = await ctx.db
    .select({ id: images.id, framework: images.framework, version: images.version, cuda: images.cudaVersion })
    .from(images)
    .where(isNull(images.ownerUserId))
    .orderBy(asc(images.sortOrder), asc(images.id));
  return rows.map((r) => ({ id: r.id, label: `${r.framework} ${r.version} · CUDA ${r.cuda}` }));
}
