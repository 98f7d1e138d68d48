import { getDocPage } from "~/upstream/docs.server";
import { tocFromHtml } from "./doc-toc";
import { renderMarkdown } from "./markdown.server";

/**
 * One doc as its page shows it: the platform's page (rules tables already
 * filled in), its body rendered to sanitised HTML on the server, and the
 * table of contents read from that HTML's headings.
 */
export async function loadDocPage(slug: string) {
  const page = await getDocPage(slug);
  const html = renderMarkdown(page.body);
  const { body: _body, ...rest } = page;
  return { ...rest, html, toc: tocFromHtml(html) };
}
