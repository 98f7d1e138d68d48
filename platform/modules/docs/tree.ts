import { asc, eq } from "drizzle-orm";
import { docs } from "../../db/content-schema";
import type { Ctx } from "../context";

/** A doc as a link: its URL name and title. */
export interface DocLink {
  slug: string;
  title: string;
}

/** A page of the sidebar: a link with its one-line summary. */
export interface DocTreePage extends DocLink {
  summary: string;
}

/** A section of the sidebar (a top-level doc) with its published pages in position order. */
export interface DocTreeSection extends DocTreePage {
  pages: DocTreePage[];
}

/**
 * The published docs as the sidebar shows them: sections in position order,
 * each with its published pages in position order (ties by id, so the order is
 * total). A page under a section visitors cannot see is left out with it: its
 * breadcrumbs would lead to a 404. Drafts and unpublished docs never appear.
 * One query.
 */
export async function docsTree(ctx: Pick<Ctx, "db">): Promise<DocTreeSection[]> {
  const rows = await ctx.db
    .select({ id: docs.id, parentId: docs.parentId, slug: docs.slug, title: docs.title, summary: docs.summary })
    .from(docs)
    .where(eq(docs.status, "published"))
    .orderBy(asc(docs.position), asc(docs.id));
  const sections = new Map<number, DocTreeSection>();
  for (const row of rows)
    if (row.parentId === null)
      sections.set(row.id, { slug: row.slug, title: row.title, summary: row.summary, pages: [] });
  for (const row of rows)
    if (row.parentId !== null)
      sections.get(row.parentId)?.pages.push({ slug: row.slug, title: row.title, summary: row.summary });
  return [...sections.values()];
}

/** Every doc of the tree in reading order: a section, then its pages, then the next section. */
export function readingOrder(tree: DocTreeSection[]): { link: DocLink; section: DocLink | null }[] {
  return tree.flatMap((section) => {
    const own = { slug: section.slug, title: section.title };
    return [
      { link: own, section: null },
      ...section.pages.map((page) => ({ link: { slug: page.slug, title: page.title }, section: own })),
    ];
  });
}
