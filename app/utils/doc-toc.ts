/** One entry of a doc's table of contents: a heading's id (as rendered), its text and level. */
export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/** The h2 and h3 of rendered markdown, with the ids rehype-slug gave them (after the sanitizer's prefix). */
const HEADING = /<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/** React's escapes (in text and in attributes) undone. */
const unescape = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!);

/**
 * The table of contents of a doc from its rendered HTML (markdown.server.ts):
 * every h2 and h3 in order, linked by the id the page really has, so an
 * anchor link lands on its heading without JavaScript. Headings without text
 * are left out.
 */
export function tocFromHtml(html: string): TocEntry[] {
  return [...html.matchAll(HEADING)]
    .map((m) => ({
      level: Number(m[1]) as 2 | 3,
      id: unescape(m[2]!),
      text: unescape(m[3]!.replace(/<[^>]*>/g, "")).trim(),
    }))
    .filter((entry) => entry.text !== "");
}
