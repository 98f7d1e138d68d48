import { and, asc, count, eq } from "drizzle-orm";
import { aiModels, MODEL_FAMILIES, type ModelFamily } from "../../db/content-schema";
import { images } from "../../db/market-schema";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { gpuFitsOf, type GpuFit } from "./gpu-fits";

/** A published model of the library (`/AIModels`), with the official image that serves it. */
export interface ModelSummary {
  id: number;
  slug: string;
  name: string;
  family: ModelFamily;
  publisher: string;
  parameters: string;
  gpuMemoryGb: number;
  licence: string;
  summary: string;
  image: { id: number; framework: string; version: string; cudaVersion: string };
  /** The GPUs it fits on, best first (gpu-fits.ts); empty when no host of the market can hold it. */
  fits: GpuFit[];
}

/** A model's page (the spec's modelDetail): its summary, markdown body and when it was last published. */
export interface ModelDetail extends ModelSummary {
  body: string;
  publishedAt: Date | null;
}

/** A family with published models and how many; listed in MODEL_FAMILIES' order. */
export interface FamilyCount {
  family: ModelFamily;
  count: number;
}

const columns = {
  id: aiModels.id,
  slug: aiModels.slug,
  name: aiModels.name,
  family: aiModels.family,
  publisher: aiModels.publisher,
  parameters: aiModels.parameters,
  gpuMemoryGb: aiModels.gpuMemoryGb,
  licence: aiModels.licence,
  summary: aiModels.summary,
  body: aiModels.body,
  publishedAt: aiModels.publishedAt,
  imageId: images.id,
  imageFramework: images.framework,
  imageVersion: images.version,
  imageCuda: images.cudaVersion,
};

/** A selected row: the summary's own fields and the image's, flat. */
type Row = Omit<ModelSummary, "image" | "fits"> & {
  imageId: number;
  imageFramework: string;
  imageVersion: string;
  imageCuda: string;
};

const published = eq(aiModels.status, "published");

function summaryOf(row: Row, fits: GpuFit[]): ModelSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    family: row.family,
    publisher: row.publisher,
    parameters: row.parameters,
    gpuMemoryGb: row.gpuMemoryGb,
    licence: row.licence,
    summary: row.summary,
    image: { id: row.imageId, framework: row.imageFramework, version: row.imageVersion, cudaVersion: row.imageCuda },
    fits,
  };
}

/**
 * The published models, of one family when asked, in the editors' order
 * (position, then id), each with its GPU fits; and every family's count for
 * the filter. Public. Three queries whatever the number of models.
 */
export async function listPublishedModels(
  ctx: Ctx,
  _visitor: Visitor,
  input: { family?: ModelFamily },
): Promise<{ models: ModelSummary[]; families: FamilyCount[] }> {
  const [rows, familyRows] = await Promise.all([
    ctx.db
      .select(columns)
      .from(aiModels)
      .innerJoin(images, eq(images.id, aiModels.imageId))
      .where(input.family ? and(published, eq(aiModels.family, input.family)) : published)
      .orderBy(asc(aiModels.position), asc(aiModels.id)),
    ctx.db.select({ family: aiModels.family, count: count() }).from(aiModels).where(published).groupBy(aiModels.family),
  ]);
  const fits = await gpuFitsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    models: rows.map((row) => summaryOf(row, fits.get(row.id) ?? [])),
    families: familyRows
      .map((f) => ({ family: f.family, count: Number(f.count) }))
      .sort((a, b) => MODEL_FAMILIES.indexOf(a.family) - MODEL_FAMILIES.indexOf(b.family)),
  };
}

/** One published model by its slug, with every GPU it fits on. A draft, an unpublished or unknown slug: NOT_FOUND. */
export async function getPublishedModel(ctx: Ctx, _visitor: Visitor, input: { slug: string }): Promise<ModelDetail> {
  const [row] = await ctx.db
    .select(columns)
    .from(aiModels)
    .innerJoin(images, eq(images.id, aiModels.imageId))
    .where(and(published, eq(aiModels.slug, input.slug)));
  if (!row) return fail("NOT_FOUND", "slug", "模型不存在或已下线");
  const fits = await gpuFitsOf(ctx, [row.id]);
  return { ...summaryOf(row, fits.get(row.id) ?? []), body: row.body, publishedAt: row.publishedAt };
}
