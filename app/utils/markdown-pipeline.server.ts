import type { Element, ElementContent, Root, RootContent } from "hast";
import rehypeAttrs from "rehype-attr";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeIgnore from "rehype-ignore";
import rehypeRaw from "rehype-raw";
import rehypeRewrite from "rehype-rewrite";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import { remarkAlert } from "remark-github-blockquote-alert";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified, type PluggableList } from "unified";
import { visit } from "unist-util-visit";
import { markdownPreviewOptions } from "./markdown-render";

/*
 * The plugin chain of @uiw/react-markdown-preview/nohighlight 5.2 (esm/nohighlight.js,
 * preview.js, rehypePlugins.js) with our markdownPreviewOptions, built once per
 * process instead of once per message. The component builds it inside each
 * render; its parts that the package does not export (reservedMeta,
 * retrieveMeta, the heading rewrite) are copied here as they are there.
 * markdown-pipeline.server.test.tsx renders a corpus through both and compares
 * the HTML byte for byte, so a change of the package's chain shows there.
 */

/** preview's reservedMeta: a code block's meta string kept as `data-meta`. */
const reservedMeta = () => (tree: Root) => {
  visit(tree, (node) => {
    if (node.type === "element" && node.tagName === "code" && node.data && "meta" in node.data && node.data.meta)
      node.properties = { ...node.properties, "data-meta": String(node.data.meta) };
  });
};

/** preview's retrieveMeta: `data-meta` read back into the node's data. */
const retrieveMeta = () => (tree: Root) => {
  visit(tree, (node) => {
    if (node.type === "element" && node.tagName === "code" && node.properties?.["dataMeta"]) {
      node.data ??= {};
      const meta = node.properties["dataMeta"];
      if (typeof meta === "string") (node.data as { meta?: string }).meta = meta;
      delete node.properties["dataMeta"];
    }
  });
};

/** preview's octicon for a heading's anchor (the sanitizer drops it: svg is not allowed). */
const octiconLink: ElementContent = {
  type: "element",
  tagName: "svg",
  properties: {
    className: ["octicon", "octicon-link"],
    viewBox: "0 0 16 16",
    version: "1.1",
    width: "16",
    height: "16",
    ariaHidden: "true",
  },
  children: [
    {
      type: "element",
      tagName: "path",
      children: [],
      properties: {
        fillRule: "evenodd",
        d: "M7.775 3.275a.75.75 0 001.06 1.06l1.25-1.25a2 2 0 112.83 2.83l-2.5 2.5a2 2 0 01-2.83 0 .75.75 0 00-1.06 1.06 3.5 3.5 0 004.95 0l2.5-2.5a3.5 3.5 0 00-4.95-4.95l-1.25 1.25zm-4.69 9.64a2 2 0 010-2.83l2.5-2.5a2 2 0 012.83 0 .75.75 0 001.06-1.06 3.5 3.5 0 00-4.95 0l-2.5 2.5a3.5 3.5 0 004.95 4.95l1.25-1.25a.75.75 0 00-1.06-1.06l-1.25 1.25a2 2 0 01-2.83 0z",
      },
    },
  ],
};

/**
 * preview's rehypeRewriteHandle with `disableCopy` (markdownPreviewOptions sets
 * it, so no copy button is added to code blocks): a top-level heading's
 * autolink gets the class `anchor` and the octicon.
 */
function rewriteHeadingAnchor(node: Root | RootContent, _index?: number, parent?: Root | Element) {
  if (node.type !== "element" || parent?.type !== "root" || !/h(1|2|3|4|5|6)/.test(node.tagName)) return;
  const child = node.children[0];
  if (child?.type === "element" && child.properties.ariaHidden === "true") {
    child.properties = { class: "anchor", ...child.properties };
    child.children = [octiconLink];
  }
}

/** preview.js: remarkAlert, our remark plugins, GFM; then filtered as our options ask. */
const remarkPlugins: PluggableList = [remarkAlert, ...markdownPreviewOptions.remarkPlugins, remarkGfm];

/**
 * nohighlight.js's list, then rehype-raw (our options keep raw HTML), then
 * filtered as our options ask (markdown-render.tsx puts the sanitizer last).
 */
const rehypePlugins: PluggableList = [
  reservedMeta,
  retrieveMeta,
  rehypeSlug,
  rehypeAutolinkHeadings,
  rehypeIgnore,
  [rehypeRewrite, { rewrite: rewriteHeadingAnchor }],
  [rehypeAttrs, { properties: "attr" }],
  rehypeRaw,
];

/**
 * react-markdown 10's processor for those lists: markdown to a sanitised hast
 * tree. Frozen, so its plugins are set up once and every message reuses them.
 */
export const markdownPipeline = unified()
  .use(remarkParse)
  .use(markdownPreviewOptions.pluginsFilter("remark", remarkPlugins))
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(markdownPreviewOptions.pluginsFilter("rehype", rehypePlugins))
  .freeze();
