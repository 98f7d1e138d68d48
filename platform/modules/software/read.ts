import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  contentFiles,
  software,
  softwareReleases,
  SOFTWARE_PLATFORMS,
  type SoftwarePlatform,
} from "../../db/content-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";

/** One downloadable release as visitors see it. */
export interface PublicRelease {
  id: number;
  version: string;
  platform: SoftwarePlatform;
  /** Markdown release notes. */
  notes: string;
  releasedAt: Date;
  fileName: string;
  sizeBytes: number;
  sha256: string;
}

/** A published tool: the newest release per platform (`latest`, in SOFTWARE_PLATFORMS order) and the rest (`older`, newest first). */
export interface PublishedSoftware {
  id: number;
  slug: string;
  name: string;
  summary: string;
  /** Markdown. */
  body: string;
  latest: PublicRelease[];
  older: PublicRelease[];
}

const releaseColumns = {
  id: softwareReleases.id,
  softwareId: softwareReleases.softwareId,
  version: softwareReleases.version,
  platform: softwareReleases.platform,
  notes: softwareReleases.notes,
  releasedAt: softwareReleases.releasedAt,
  fileName: contentFiles.name,
  sizeBytes: contentFiles.sizeBytes,
  sha256: contentFiles.sha256,
};

/**
 * The published tools in position order with their releases that are not
 * withdrawn: two queries (tools, then all their releases), grouped here.
 * Drafts, unpublished tools and withdrawn releases are never listed.
 */
export async function listPublishedSoftware(ctx: Ctx): Promise<PublishedSoftware[]> {
  const tools = await ctx.db
    .select({
      id: software.id,
      slug: software.slug,
      name: software.name,
      summary: software.summary,
      body: software.body,
    })
    .from(software)
    .where(eq(software.status, "published"))
    .orderBy(asc(software.position), asc(software.name), asc(software.id));
  if (tools.length === 0) return [];
  const releases = await ctx.db
    .select(releaseColumns)
    .from(softwareReleases)
    .innerJoin(contentFiles, eq(contentFiles.id, softwareReleases.fileId))
    .where(
      and(
        inArray(
          softwareReleases.softwareId,
          tools.map((t) => t.id),
        ),
        isNull(softwareReleases.withdrawnAt),
      ),
    )
    .orderBy(desc(softwareReleases.releasedAt), desc(softwareReleases.id));
  return tools.map((tool) => {
    const latest = new Map<SoftwarePlatform, PublicRelease>();
    const older: PublicRelease[] = [];
    for (const { softwareId, ...release } of releases) {
      if (softwareId !== tool.id) continue;
      if (latest.has(release.platform)) older.push(release);
      else latest.set(release.platform, release);
    }
    const byPlatform = SOFTWARE_PLATFORMS.flatMap((p) => latest.get(p) ?? []);
    return { ...tool, latest: byPlatform, older };
  });
}

/** A release's file and its bytes, for the download. */
export interface ReleaseDownload {
  name: string;
  mime: string;
  sizeBytes: number;
  sha256: string;
  bytes: Uint8Array;
}

/**
 * The file of a release visitors may download: not withdrawn, of a published
 * tool. Anything else (withdrawn, a draft or unpublished tool, an unknown id)
 * is the same NOT_FOUND.
 */
export async function readReleaseDownload(ctx: Ctx, releaseId: number): Promise<ReleaseDownload> {
  if (!Number.isSafeInteger(releaseId) || releaseId <= 0) return fail("NOT_FOUND", "id", "没有这个版本");
  const [row] = await ctx.db
    .select({
      storageKey: contentFiles.storageKey,
      name: contentFiles.name,
      mime: contentFiles.mime,
      sizeBytes: contentFiles.sizeBytes,
      sha256: contentFiles.sha256,
    })
    .from(softwareReleases)
    .innerJoin(software, eq(software.id, softwareReleases.softwareId))
    .innerJoin(contentFiles, eq(contentFiles.id, softwareReleases.fileId))
    .where(
      and(eq(softwareReleases.id, releaseId), isNull(softwareReleases.withdrawnAt), eq(software.status, "published")),
    );
  if (!row) return fail("NOT_FOUND", "id", "没有这个版本");
  const bytes = await ctx.providers.storage.get(row.storageKey);
  if (!bytes) throw new Error(`software release ${releaseId}: storage has no ${row.storageKey}`);
  const { storageKey: _key, ...file } = row;
  return { ...file, bytes };
}
