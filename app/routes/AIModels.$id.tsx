import markdownStyles from "@uiw/react-markdown-preview/markdown.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GpuFitTable } from "~/components/models/GpuFitTable";
import { ModelFacts } from "~/components/models/ModelFacts";
import { Page, Panel, PanelTitle } from "~/components/ui/layout";
import { modelLoader } from "~/utils/models.server";
import { aiModelsPath } from "~/utils/content-paths";
import { MODEL_FAMILY_LABELS } from "../../platform/rules/model-families";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: markdownStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.model.Name ?? "模型详情"} · AI 模型库 · 算力云` },
];
/** The spec's named route modelDetail: its guard sends a visitor without a phone to login. */
export const handle = { routeName: "modelDetail", showContact: true };

/** modelDetail: a visitor to login and back; a user sees the model (app/utils/models.server.ts). */
export function loader({ params, request }: LoaderFunctionArgs) {
  return modelLoader(request, params.id ?? "");
}

export default function ModelDetailPage() {
  const { model, html } = useLoaderData<typeof loader>();
  return (
    <Page>
      <nav aria-label="位置">
        <Link to={aiModelsPath()}>AI 模型库</Link> ›{" "}
        <Link to={aiModelsPath(model.Family)}>{MODEL_FAMILY_LABELS[model.Family]}</Link>
      </nav>
      <h1>{model.Name}</h1>
      <ModelFacts model={model} />
      <Panel aria-labelledby="fits-title">
        <PanelTitle id="fits-title">可用 GPU 与价格</PanelTitle>
        <GpuFitTable fits={model.Fits} imageId={model.Image.Id} modelName={model.Name} />
      </Panel>
      <Panel aria-label="使用说明">
        <div data-testid="model-body" dangerouslySetInnerHTML={{ __html: html }} />
      </Panel>
    </Page>
  );
}
