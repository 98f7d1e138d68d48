import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

/** Nodes after which a reader sees a line break. */
const BLOCKS = new Set([
  "paragraph",
  "heading",
  "listItem",
  "tableCell",
  "tableRow",
  "code",
  "blockquote",
  "thematicBreak",
]);

interface MarkdownNode {
  type: string;
  value?: string;
  alt?: string | null;
  children?: MarkdownNode[];
}

const parser = unified().use(remarkParse).use(remarkGfm);

/**
 * The text of a markdown page as a reader sees it, for the search index and its
 * snippets: no markup, no link targets, no raw HTML or comments; an image
 * counts by its alt text; one line per block.
 */
export function markdownToPlainText(markdown: string): string {
  const out: string[] = [];
  const walk = (node: MarkdownNode) => {
    if (node.type === "html") return;
    if (node.type === "image" && node.alt) out.push(node.alt);
    else if (typeof node.value === "string") out.push(node.value);
    for (const child of node.children ?? []) walk(child);
    if (BLOCKS.has(node.type)) out.push("\n");
    else if (node.type === "break") out.push("\n");
  };
  walk(parser.parse(markdown) as MarkdownNode);
  return out
    .join("")
    .replace(/[ \t]*\n[\s]*/g, "\n")
    .trim();
}
