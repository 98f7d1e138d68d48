import markdownStyles from "@uiw/react-markdown-preview/markdown.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DatasetFacts } from "~/components/datasets/DatasetFacts";
import { DatasetUsage } from "~/components/datasets/DatasetUsage";
import { Page, Panel, PanelTitle } from "~/components/ui/layout";
import { formatDate } from "~/utils/format";
import { datasetLoader, publicContentHeaders } from "~/utils/datasets.server";
import { datasetsPath } from "~/utils/content-paths";

/** Cacheable for visitors without a session (decision 077); private for everyone else. */
export const headers = publicContentHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: markdownStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.dataset.Name ?? "数据集"} · 公开数据集 · 算力云` },
  { name: "description", content: data?.dataset.Summary ?? "" },
];
export const handle = { showContact: true };

export function loader({ params, request }: LoaderFunctionArgs) {
  return datasetLoader(request, params.id ?? "");
}

export default function DatasetPage() {
  const { dataset, html } = useLoaderData<typeof loader>();
  return (
    <Page>
      <nav aria-label="面包屑" style={{ marginBottom: 12 }}>
        <Link to={datasetsPath()}>公开数据集</Link> / <Link to={datasetsPath(dataset.Task)}>{dataset.Task}</Link>
      </nav>
      <Panel>
        <h1 style={{ fontSize: 22, margin: "0 0 8px" }}>{dataset.Name}</h1>
        {dataset.Summary && <p>{dataset.Summary}</p>}
        <DatasetFacts dataset={dataset} />
        <p style={{ margin: "12px 0 0", fontSize: 13, color: "#666" }}>最后更新：{formatDate(dataset.UpdatedAt)}</p>
      </Panel>
      <Panel aria-labelledby="usage-title">
        <PanelTitle id="usage-title">在实例中使用</PanelTitle>
        <DatasetUsage mountPath={dataset.MountPath} />
      </Panel>
      <Panel aria-labelledby="about-title">
        <PanelTitle id="about-title">数据说明</PanelTitle>
        <div className="wmde-markdown" data-testid="dataset-body" dangerouslySetInnerHTML={{ __html: html }} />
      </Panel>
    </Page>
  );
}
