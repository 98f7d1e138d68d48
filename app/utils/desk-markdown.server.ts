import { markdownHtml } from "./markdown-html.server";
import { RENDERED_MARKDOWN_BUDGET, rememberingRenderer } from "./rendered-markdown-cache";
import { safeMarkdownUrl } from "./markdown-url";
import { deskFileUrl } from "~/components/desk/desk-file-url";

/**
 * A URL of the thread as staff follow it: the users' file route (which reads
 * only the user's session) becomes the desk's (`/desk/files/<id>`, which reads
 * only the staff session); anything else as the site's rules leave it.
 */
export function deskMarkdownUrl(url: string): string {
  return deskFileUrl(safeMarkdownUrl(url));
}

/**
 * Renders a thread's markdown for the desk: the same renderer and rules as
 * the users' pages (markdown.server.ts), with work-order file addresses in
 * links and images (markdown or allowed raw HTML alike) pointing at the
 * desk's file route, so a screenshot the user put in the text shows to staff.
 * The same processor as the users' pages, only the URL step differs; kept
 * apart from the users' rendered texts, since the same text renders differently.
 */
export const renderDeskMarkdown: (source: string) => string = rememberingRenderer(
  (source) => markdownHtml(source, deskMarkdownUrl),
  RENDERED_MARKDOWN_BUDGET,
);
