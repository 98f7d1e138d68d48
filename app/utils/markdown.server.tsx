import MarkdownPreview from "@uiw/react-markdown-preview/nohighlight";
import { Children } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import remarkBreaks from "remark-breaks";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import type { PluggableList } from "unified";
import { safeMarkdownUrl } from "./markdown-url";

/**
 * The allow-list for raw HTML inside markdown (spec §5): GitHub's schema, plus
 * data: for images (safeMarkdownUrl narrows it to gif/png/jpeg/webp).
 */
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, src: [...(defaultSchema.protocols?.src ?? ["http", "https"]), "data"] },
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), "target", "rel"],
    "*": [...(defaultSchema.attributes?.["*"] ?? []), "className"],
  },
};

/** rehype-raw is the last plugin the preview adds; the sanitizer must run after it. */
const sanitizeLast = (type: "rehype" | "remark", plugins: PluggableList): PluggableList =>
  type === "rehype" ? [...plugins, [rehypeSanitize, schema]] : plugins;

/**
 * Renders user or operator markdown to sanitised HTML on the server, with
 * @uiw/react-markdown-preview; the browser gets HTML only, no markdown code.
 * Raw HTML is parsed and then filtered by the allow-list; line breaks are kept;
 * links not starting with '#' open in a new tab.
 */
export function renderMarkdown(source: string): string {
  return renderToStaticMarkup(
    <MarkdownPreview
      source={source}
      remarkPlugins={[remarkBreaks]}
      skipHtml={false}
      disableCopy
      pluginsFilter={sanitizeLast}
      urlTransform={safeMarkdownUrl}
      wrapperElement={{ "data-color-mode": "light" }}
      components={{
        a: ({ href, children, node: _node, ...rest }) =>
          href && !href.startsWith("#") ? (
            <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
              {children}
            </a>
          ) : (
            // A heading's own anchor is empty once the sanitizer drops its icon:
            // out of the tab order already, and hidden from screen readers too.
            <a {...rest} href={href} aria-hidden={Children.count(children) === 0 ? true : undefined}>
              {children}
            </a>
          ),
      }}
    />,
  );
}
