import { getDocPage, getDocsTree } from "~/upstream/docs.server";
import { isContentSlug } from "../../platform/rules/content-slug";
import { tocFromHtml } from "./doc-toc";
import { renderMarkdown } from "./markdown.server";
import { loadPage } from "./upstream-errors.server";

/** The public pages' caching (decision 077): re-exported so each route imports its server code from here alone. */
export { publicContentHeaders } from "~/render/public-cache.server";

/**
 * One doc as its page shows it: the platform's page (rules tables already
 * filled in), its body rendered to sanitised HTML on the server, and the
 * table of contents read from that HTML's headings.
 */
export async function loadDocPage(slug: string) {
  // A name no doc can have (upper case, a NUL, 300 characters) is the same 404 as an unknown one.
  if (!isContentSlug(slug)) throw new Response("文档不存在或已下线", { status: 404 });
  const page = await getDocPage(slug);
  const html = renderMarkdown(page.body);
  const { body: _body, ...rest } = page;
  return { ...rest, html, toc: tocFromHtml(html) };
}

/*
 * The docs routes' loaders. Each route imports its server code from this one
 * module only, so its browser bundle carries one empty stand-in, not one per
 * server module it uses.
 */

/** /docs: the tree. */
export function docsIndexLoader(request: Request) {
  return loadPage(request, async () => ({ sections: (await getDocsTree()).sections }));
}

/** /docs/:id: one published doc; anything else is the site's 404. */
export function docPageLoader(request: Request, slug: string) {
  return loadPage(request, () => loadDocPage(slug));
}
