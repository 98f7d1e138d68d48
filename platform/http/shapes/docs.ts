import type { DocPageWire, DocTreeSectionWire } from "../../contract/docs";
import type { DocPage } from "../../modules/docs/page";
import type { DocTreeSection } from "../../modules/docs/tree";

export const toDocTreeSection = (s: DocTreeSection): DocTreeSectionWire => ({
  slug: s.slug,
  title: s.title,
  summary: s.summary,
  pages: s.pages.map((p) => ({ slug: p.slug, title: p.title, summary: p.summary })),
});

export const toDocPage = (p: DocPage): DocPageWire => ({
  slug: p.slug,
  title: p.title,
  summary: p.summary,
  body: p.body,
  published_at: p.publishedAt.toISOString(),
  section: p.section,
  previous: p.previous,
  next: p.next,
  sections: p.tree.map(toDocTreeSection),
});
