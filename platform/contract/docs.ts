/**
 * The docs area on the wire (issue 35 §1): the documentation site's tree and
 * one page, public GETs under /api (so the open API reads them too).
 */
import type { MainApiCall, NoFields } from "./calls";

/** A doc as a link: its URL name (/docs/<slug>) and title. */
export type DocLinkWire = { slug: string; title: string };

/** A page in the sidebar, with its one-line summary. */
export type DocTreePageWire = DocLinkWire & { summary: string };

/** A section (a top-level doc) with its pages in reading order. */
export type DocTreeSectionWire = DocTreePageWire & { pages: DocTreePageWire[] };

export type DocTreeWire = { sections: DocTreeSectionWire[] };

/** One published doc. `body` is markdown with its rules tables filled in; `published_at` is ISO 8601. */
export type DocPageWire = DocTreePageWire & {
  body: string;
  published_at: string;
  /** The section it sits in; null for a section itself. */
  section: DocLinkWire | null;
  previous: DocLinkWire | null;
  next: DocLinkWire | null;
  /** The sidebar, so the page needs one call. */
  sections: DocTreeSectionWire[];
};

export type DocPageFields = { slug: string };

/** Every docs call, by path under /api; both are GETs (the fields are the query string). */
export type DocsCalls = {
  "/docs/tree": MainApiCall<NoFields, DocTreeWire>;
  "/docs/page": MainApiCall<DocPageFields, DocPageWire>;
};
