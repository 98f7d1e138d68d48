import type { MarkdownPreviewProps } from "@uiw/react-markdown-preview/nohighlight";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import remarkBreaks from "remark-breaks";
import { Children } from "react";
import type { PluggableList } from "unified";
import { rehypeRemoteImagesToLinks } from "./markdown-remote-images";
import { safeMarkdownUrl } from "./markdown-url";

/**
 * The one set of markdown rendering rules (spec §5), used by the server
 * (markdown.server.tsx renders the thread and notices to HTML) and by the
 * editor's preview in the browser, so both show the same sanitised output.
 */

/**
 * The allow-list for raw HTML inside markdown: GitHub's schema, plus the tags
 * the editor's toolbar writes (underline, mark). Image sources: paths of this
 * site and data: images (safeMarkdownUrl narrows them to gif/png/jpeg/webp);
 * never http(s), and no <source> (its srcset names any site). Remote images
 * were turned into links before (markdown-remote-images.ts).
 */
export const markdownSchema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []).filter((tag) => tag !== "source"), "u", "mark"],
  protocols: { ...defaultSchema.protocols, src: ["data"] },
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), "target", "rel"],
    "*": [...(defaultSchema.attributes?.["*"] ?? []), "className"],
  },
};

/** rehype-raw is the last plugin the preview adds; remote images and the sanitizer must run after it. */
const sanitizeLast = (type: "rehype" | "remark", plugins: PluggableList): PluggableList =>
  type === "rehype" ? [...plugins, rehypeRemoteImagesToLinks, [rehypeSanitize, markdownSchema]] : plugins;

type AnchorProps = JSX.IntrinsicElements["a"] & { node?: unknown };

/** Links not starting with '#' open in a new tab, without access to this page. */
function MarkdownLink({ href, children, node: _node, ...rest }: AnchorProps) {
  if (href && !href.startsWith("#"))
    return (
      <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  // A heading's own anchor is empty once the sanitizer drops its icon:
  // out of the tab order already, and hidden from screen readers too.
  return (
    <a {...rest} href={href} aria-hidden={Children.count(children) === 0 ? true : undefined}>
      {children}
    </a>
  );
}

/**
 * The props of @uiw/react-markdown-preview that apply the rules: raw HTML
 * parsed and then filtered by the allow-list; line breaks kept; dangerous
 * schemes refused; links opening in a new tab.
 */
export const markdownPreviewOptions = {
  remarkPlugins: [remarkBreaks],
  skipHtml: false,
  disableCopy: true,
  pluginsFilter: sanitizeLast,
  urlTransform: safeMarkdownUrl,
  wrapperElement: { "data-color-mode": "light" },
  components: { a: MarkdownLink },
} satisfies Omit<MarkdownPreviewProps, "source">;
