import { and, eq } from "drizzle-orm";
import { docs } from "../../db/content-schema";
import { isContentSlug } from "../../rules/content-slug";
import { currentRulesFacts, expandRulesBlocks } from "../../rules/docs-rules-blocks";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { docsTree, readingOrder, type DocLink, type DocTreeSection } from "./tree";

/** One published doc as a visitor reads it. */
export interface DocPage {
  slug: string;
  title: string;
  summary: string;
  /** Markdown, with its rules blocks already replaced by today's tables. */
  body: string;
  /** When the version shown was published. */
  publishedAt: Date;
  /** The section it sits in (the breadcrumbs after 文档中心); null for a section itself. */
  section: DocLink | null;
  /** The docs before and after it in the sidebar's reading order. */
  previous: DocLink | null;
  next: DocLink | null;
  /** The sidebar. */
  tree: DocTreeSection[];
}

const NO_SUCH_DOC = "文档不存在或已下线";

/**
 * A published doc by its URL name, with its place in the tree. A draft, an
 * unpublished doc, a page whose section is not published, or a name that
 * cannot be a slug: NOT_FOUND, the same answer as an unknown name.
 */
export async function docPage(ctx: Pick<Ctx, "db" | "site">, input: { slug: string }): Promise<DocPage> {
  if (!isContentSlug(input.slug)) return fail("NOT_FOUND", "slug", NO_SUCH_DOC);
  const [row] = await ctx.db
    .select({
      slug: docs.slug,
      title: docs.title,
      summary: docs.summary,
      body: docs.body,
      publishedAt: docs.publishedAt,
      updatedAt: docs.updatedAt,
    })
    .from(docs)
    .where(and(eq(docs.slug, input.slug), eq(docs.status, "published")));
  if (!row) return fail("NOT_FOUND", "slug", NO_SUCH_DOC);
  const tree = await docsTree(ctx);
  const order = readingOrder(tree);
  const at = order.findIndex((entry) => entry.link.slug === row.slug);
  if (at < 0) return fail("NOT_FOUND", "slug", NO_SUCH_DOC);
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: expandRulesBlocks(row.body, currentRulesFacts(ctx.site.instanceRetentionDays)),
    publishedAt: row.publishedAt ?? row.updatedAt,
    section: order[at]!.section,
    previous: order[at - 1]?.link ?? null,
    next: order[at + 1]?.link ?? null,
    tree,
  };
}
