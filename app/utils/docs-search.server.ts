import { data } from "@remix-run/node";
import { z } from "zod";
import { searchSite, type SearchPageWire } from "~/upstream/search.server";
import { UpstreamError } from "~/upstream/transport.server";
import { loadPage } from "./upstream-errors.server";
import { SEARCH_PAGES_MAX, searchQuery, searchSource } from "../../platform/rules/search-query";

export interface DocsSearchErrors {
  q?: string;
  source?: string;
}

/** The /docs/search route's loader: the page's one server module (decision 078). */
export function docsSearchLoader(request: Request) {
  return loadPage(request, () => loadDocsSearch(request));
}

/**
 * The /docs/search page's data for its URL: the form as typed, its errors
 * beside their fields (status 400, nothing searched), and the page of
 * results. No `q` at all: the empty form.
 */
async function loadDocsSearch(request: Request) {
  const params = new URL(request.url).searchParams;
  const typed = { q: (params.get("q") ?? "").slice(0, 200), source: (params.get("source") ?? "").slice(0, 32) };
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_PAGES_MAX)
    .catch(1)
    .parse(params.get("page") ?? 1);
  if (!params.has("q")) return data({ typed, errors: {}, results: null });

  const q = searchQuery.safeParse(typed.q);
  const source = searchSource.safeParse(typed.source);
  const errors: DocsSearchErrors = {
    ...(!q.success && { q: q.error.issues[0]!.message }),
    ...(!source.success && { source: source.error.issues[0]!.message }),
  };
  if (!q.success || !source.success) return data({ typed, errors, results: null }, { status: 400 });
  try {
    const results: SearchPageWire = await searchSite({ q: q.data, source: source.data, page });
    return data({ typed, errors, results });
  } catch (error) {
    // The platform's own refusal of the query (e.g. punctuation only) is shown beside its field.
    if (error instanceof UpstreamError && error.kind === "refused" && (error.field === "q" || error.field === "source"))
      return data({ typed, errors: { [error.field]: error.reason }, results: null }, { status: 400 });
    throw error;
  }
}
