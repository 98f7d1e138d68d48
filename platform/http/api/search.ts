import { Hono } from "hono";
import { z } from "zod";
import type { SearchCalls } from "../../contract/search";
import { searchSite } from "../../modules/search/query";
import { SEARCH_PAGES_MAX, searchQuery, searchSource } from "../../rules/search-query";
import { visitor, type Env } from "../context";
import * as f from "../fields";
import { toSearchPage } from "../shapes/search";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The site search (issue 35 §1, decision 074): public, a GET. */
export const searchApi = new Hono<Env>();
const on = contractRoutes<SearchCalls>(searchApi);

const SearchQuery = z.object({
  q: searchQuery,
  source: searchSource,
  page: f.int("页码", 1, SEARCH_PAGES_MAX).optional().default("1"),
});

on.get("/search", async (c) => {
  const input = parseFields(SearchQuery, await readForm(c));
  return toSearchPage(
    await searchSite(c.var.ctx, visitor(c), { query: input.q, source: input.source, page: input.page }),
  );
});
