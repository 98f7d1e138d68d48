import markdownStyles from "@uiw/react-markdown-preview/markdown.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocBreadcrumbs } from "~/components/docs/DocBreadcrumbs";
import { DocPager } from "~/components/docs/DocPager";
import { DocsFrame } from "~/components/docs/DocsFrame";
import { DocToc } from "~/components/docs/DocToc";
import { Muted, Page } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { docPageLoader, publicContentHeaders } from "~/utils/docs.server";
import { formatDate } from "~/utils/format";

/** Cacheable for visitors without a session (decision 077); private for everyone else. */
export const headers = publicContentHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: markdownStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.title} · 文档中心 · 算力云` }, { name: "description", content: data.summary }]
    : [{ title: "文档中心 · 算力云" }];
export const handle = { showContact: true };

export function loader({ params, request }: LoaderFunctionArgs) {
  return docPageLoader(request, params.id ?? "");
}

const Layout = styled("div", {
  display: "grid",
  gap: "$5",
  alignItems: "start",
  gridTemplateColumns: "minmax(0, 1fr)",
  // The page's contents come first (on a phone, above the text); on a desktop they stand to the right.
  "@desktop": {
    gridTemplateColumns: "minmax(0, 1fr) 200px",
    "& > nav": { gridColumn: 2, gridRow: 1, position: "sticky", top: "$4" },
    "& > article": { gridColumn: 1, gridRow: 1 },
  },
});

const Article = styled("article", {
  backgroundColor: "$panel",
  border: "1px solid #ECEDF0",
  borderRadius: "$md",
  padding: "$5",
  "@mobile": { padding: "$4" },
  h1: { fontSize: "$xxl", margin: "0 0 $2" },
  "& .wmde-markdown": { fontSize: "15px", backgroundColor: "transparent" },
  "& .wmde-markdown table": {
    display: "block",
    overflowX: "auto",
    maxWidth: "100%",
    // On a phone a wide table (the survival table has six columns) wraps its cells instead of scrolling: a
    // scrolling box would need keyboard focus (axe's scrollable-region-focusable), which markdown cannot give.
    "@mobile": { display: "table", width: "100%", tableLayout: "fixed", overflowWrap: "anywhere" },
  },
});

export default function DocPage() {
  const doc = useLoaderData<typeof loader>();
  return (
    <Page>
      <DocsFrame sections={doc.sections} current={doc.slug}>
        <Layout>
          <DocToc entries={doc.toc} />
          <Article aria-labelledby="doc-title">
            <DocBreadcrumbs section={doc.section} title={doc.title} />
            <h1 id="doc-title">{doc.title}</h1>
            <p>
              <Muted>最后更新：{formatDate(doc.published_at)}</Muted>
            </p>
            <div data-testid="doc-body" dangerouslySetInnerHTML={{ __html: doc.html }} />
            <DocPager previous={doc.previous} next={doc.next} />
          </Article>
        </Layout>
      </DocsFrame>
    </Page>
  );
}
