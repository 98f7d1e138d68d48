import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchForm } from "~/components/search/SearchForm";
import { SearchResults } from "~/components/search/SearchResults";
import { Page, Panel } from "~/components/ui/layout";
import { docsSearchLoader } from "~/utils/docs-search.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.typed.q ? `「${data.typed.q}」的搜索结果 · 算力云` : "搜索文档 · 算力云" },
  { name: "robots", content: "noindex" },
];
export const handle = { showContact: true };

/** The site search (issue 35 §1): a GET form and its results, ranked, with the matched words marked. */
export function loader({ request }: LoaderFunctionArgs) {
  return docsSearchLoader(request);
}

export default function DocsSearchPage() {
  const { typed, errors, results } = useLoaderData<typeof loader>();
  return (
    <Page>
      <Panel>
        <h1>搜索文档</h1>
        <SearchForm typed={typed} errors={errors} />
        {results && <SearchResults results={results} source={typed.source} />}
      </Panel>
    </Page>
  );
}
