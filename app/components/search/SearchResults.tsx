import { Link } from "@remix-run/react";
import type { SearchPageWire } from "~/upstream/search.server";
import { docsSearchPath } from "~/utils/content-paths";
import { SEARCH_SOURCE_LABELS } from "../../../platform/rules/search-query";
import { Badge, Muted } from "../ui/layout";
import { Pagination } from "../ui/Pagination";
import { styled } from "../ui/stitches.config";
import { MarkedText } from "./MarkedText";

const List = styled("ol", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  li: { padding: "$4 0", borderBottom: "1px solid $mutedSoft" },
  h2: { fontSize: "$lg", fontWeight: 600, margin: "0 0 $1", display: "flex", gap: "$2", alignItems: "center" },
  p: { margin: 0, lineHeight: 1.7, overflowWrap: "anywhere" },
});
const Note = styled("p", { color: "$mutedText", margin: "$3 0" });
const Suggestions = styled("ul", { margin: "$2 0 0", paddingLeft: "$5", lineHeight: 1.8 });

/** A page of results: count, each result's source, linked title and snippet with the matched words marked, pages. */
export function SearchResults({ results, source }: { results: SearchPageWire; source: string }) {
  if (results.total === 0) return <NoResults query={results.query} source={source} />;
  const shown = Math.min(results.total, results.page_count * results.page_size);
  return (
    <section aria-labelledby="search-count">
      <Note id="search-count" role="status">
        找到 {results.total} 条与「{results.query}」相关的结果
        {results.total > shown && `，显示前 ${shown} 条`}
      </Note>
      {results.match === "any" && <Note>没有同时包含所有词语的结果，以下结果包含其中部分词语。</Note>}
      {results.list.length === 0 ? (
        <Note>这一页没有结果了。</Note>
      ) : (
        <List data-testid="search-results">
          {results.list.map((result) => (
            <li key={`${result.source}-${result.source_id}`}>
              <h2>
                <Badge tone={result.source === "work_order_doc" ? "muted" : "primary"}>
                  {SEARCH_SOURCE_LABELS[result.source]}
                </Badge>
                <Link to={result.href} prefetch="intent">
                  <MarkedText segments={result.title} />
                </Link>
              </h2>
              <p>
                <MarkedText segments={result.snippet} />
              </p>
            </li>
          ))}
        </List>
      )}
      <Pagination
        page={results.page}
        pageSize={results.page_size}
        total={shown}
        hrefFor={(page) => docsSearchPath(results.query, { source, page })}
      />
    </section>
  );
}

function NoResults({ query, source }: { query: string; source: string }) {
  return (
    <section aria-labelledby="search-none" data-testid="search-empty">
      <Note id="search-none" role="status">
        没有找到与「{query}」相关的内容。
      </Note>
      <Muted>您可以：</Muted>
      <Suggestions>
        <li>检查是否有错别字，或换一个更常用的说法（例如“显存”“数据盘”“SSH”）；</li>
        <li>减少词语，只保留最关键的一两个词；</li>
        {source && (
          <li>
            <Link to={docsSearchPath(query)}>在全部内容中搜索「{query}」</Link>；
          </li>
        )}
        <li>
          浏览<Link to="/docs">文档中心</Link>，或在<Link to="/console/createWorkOrder/selectQuestion">提交工单</Link>
          页面查看帮助文档并联系我们。
        </li>
      </Suggestions>
    </section>
  );
}
