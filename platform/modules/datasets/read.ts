import { and, asc, count, eq } from "drizzle-orm";
import { datasets } from "../../db/content-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";

/** A published dataset as visitors see it. */
export interface PublishedDataset {
  id: number;
  slug: string;
  name: string;
  task: string;
  sizeBytes: number;
  fileCount: number;
  licence: string;
  sourceUrl: string;
  mountPath: string;
  summary: string;
  /** Markdown; the page renders it. */
  body: string;
  updatedAt: Date;
}

/** One task of the filter with how many published datasets it has. */
export interface DatasetTask {
  task: string;
  count: number;
}

const columns = {
  id: datasets.id,
  slug: datasets.slug,
  name: datasets.name,
  task: datasets.task,
  sizeBytes: datasets.sizeBytes,
  fileCount: datasets.fileCount,
  licence: datasets.licence,
  sourceUrl: datasets.sourceUrl,
  mountPath: datasets.mountPath,
  summary: datasets.summary,
  body: datasets.body,
  updatedAt: datasets.updatedAt,
};

const published = eq(datasets.status, "published");

/**
 * The published datasets in position order (then name), only those of `task`
 * when one is given, and every task that has a published dataset (for the
 * filter, whatever is chosen). Drafts and unpublished datasets are never listed.
 */
export async function listPublishedDatasets(
  ctx: Ctx,
  filter: { task?: string | null } = {},
): Promise<{ tasks: DatasetTask[]; datasets: PublishedDataset[] }> {
  const task = filter.task?.trim() || null;
  const [tasks, rows] = await Promise.all([
    ctx.db
      .select({ task: datasets.task, count: count() })
      .from(datasets)
      .where(published)
      .groupBy(datasets.task)
      .orderBy(asc(datasets.task)),
    ctx.db
      .select(columns)
      .from(datasets)
      .where(task === null ? published : and(published, eq(datasets.task, task)))
      .orderBy(asc(datasets.position), asc(datasets.name), asc(datasets.id)),
  ]);
  return { tasks, datasets: rows };
}

/** One published dataset by its slug; NOT_FOUND for a draft, an unpublished one or an unknown slug. */
export async function getPublishedDataset(ctx: Ctx, slug: string): Promise<PublishedDataset> {
  const [row] = await ctx.db
    .select(columns)
    .from(datasets)
    .where(and(published, eq(datasets.slug, slug)));
  if (!row) return fail("NOT_FOUND", "id", "没有这个数据集");
  return row;
}
