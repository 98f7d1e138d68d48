import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DocsFrame } from "~/components/docs/DocsFrame";
import { DocsSearchForm } from "~/components/docs/DocsSearchForm";
import { Muted, Page, Panel } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { docsIndexLoader, publicContentHeaders } from "~/utils/docs.server";
import { docPath } from "~/utils/content-paths";

/** Cacheable for visitors without a session (decision 077); private for everyone else. */
export const headers = publicContentHeaders;
export const meta: MetaFunction = () => [
  { title: "文档中心 · 算力云" },
  { name: "description", content: "算力云使用文档：快速开始、计费规则、数据与存储、镜像、工单和开放 API。" },
];
export const handle = { showContact: true };

export function loader({ request }: LoaderFunctionArgs) {
  return docsIndexLoader(request);
}

const Sections = styled("div", {
  display: "grid",
  gap: "$4",
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
  "& > section": { marginBottom: 0 },
  h2: { fontSize: "$lg", margin: "0 0 $2" },
  p: { margin: "0 0 $3" },
  ul: { margin: 0, paddingLeft: "$4", lineHeight: 1.9 },
});

export default function DocsIndexPage() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <Page>
      <DocsFrame sections={sections} current={null} withSearch={false}>
        <Panel>
          <h1>文档中心</h1>
          <p>
            <Muted>从注册、充值到租用实例和连接使用，以及计费与数据规则。</Muted>
          </p>
          <DocsSearchForm id="docs-q-main" />
        </Panel>
        <Sections>
          {sections.map((section) => (
            <Panel key={section.slug} aria-labelledby={`docs-section-${section.slug}`}>
              <h2 id={`docs-section-${section.slug}`}>
                <Link to={docPath(section.slug)} prefetch="intent">
                  {section.title}
                </Link>
              </h2>
              <p>
                <Muted>{section.summary}</Muted>
              </p>
              {section.pages.length > 0 && (
                <ul>
                  {section.pages.map((page) => (
                    <li key={page.slug}>
                      <Link to={docPath(page.slug)} prefetch="intent">
                        {page.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          ))}
        </Sections>
      </DocsFrame>
    </Page>
  );
}
