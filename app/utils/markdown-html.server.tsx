import type { Element, Nodes, Parents, Root } from "hast";
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { urlAttributes } from "html-url-attributes";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { renderToStaticMarkup } from "react-dom/server";
import { visit } from "unist-util-visit";
import { markdownPipeline } from "./markdown-pipeline.server";
import { markdownPreviewOptions } from "./markdown-render";

/** What @uiw/react-markdown-preview puts on its container: its class names (with the empty className after them). */
const WRAPPER_CLASS = "wmde-markdown wmde-markdown-color ";

/** The preview's allowElement: elements whose names are letters and digits only. */
const PLAIN_TAG = /^[A-Za-z0-9]+$/;

type UrlTransform = (url: string, key: string, node: Element) => string;

/**
 * react-markdown's last step before React, as the preview sets it up: raw
 * nodes dropped (the preview passes `skipHtml` inverted, so with raw HTML on
 * any raw node left after rehype-raw goes), URL attributes passed through the
 * transform, elements with other names removed.
 */
function finish(tree: Root, urlTransform: UrlTransform): void {
  visit(tree, (node: Nodes, index?: number, parent?: Parents) => {
    if (node.type === "raw" && parent && typeof index === "number") {
      parent.children.splice(index, 1);
      return index;
    }
    if (node.type !== "element") return;
    for (const key in urlAttributes) {
      if (!Object.hasOwn(urlAttributes, key) || !Object.hasOwn(node.properties, key)) continue;
      const tags = urlAttributes[key];
      if (tags === null || tags?.includes(node.tagName))
        node.properties[key] = urlTransform(String(node.properties[key] || ""), key, node);
    }
    if (!PLAIN_TAG.test(node.tagName) && parent && typeof index === "number") {
      parent.children.splice(index, 1);
      return index;
    }
  });
}

/**
 * Markdown to the HTML <MarkdownPreview source {...markdownPreviewOptions}
 * urlTransform /> renders on the server, byte for byte, with the one frozen
 * pipeline: the tree goes to React elements with the same components (our
 * links) and React writes them, as react-markdown does.
 */
export function markdownHtml(source: string, urlTransform: UrlTransform): string {
  const tree = markdownPipeline.runSync(markdownPipeline.parse(source));
  finish(tree, urlTransform);
  const content = toJsxRuntime(tree, {
    Fragment,
    components: markdownPreviewOptions.components,
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
    passNode: true,
  });
  return renderToStaticMarkup(
    <div {...markdownPreviewOptions.wrapperElement} className={WRAPPER_CLASS}>
      {content}
    </div>,
  );
}
