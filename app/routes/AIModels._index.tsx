import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FamilyFilter } from "~/components/models/FamilyFilter";
import { ModelCard } from "~/components/models/ModelCard";
import { Grid, Muted, Page } from "~/components/ui/layout";
import { modelsLoader, publicContentHeaders } from "~/utils/models.server";

/** Cacheable for visitors without a session (decision 077); private for everyone else. */
export const headers = publicContentHeaders;
export const meta: MetaFunction = () => [
  { title: "AI 模型库 · 算力云" },
  {
    name: "description",
    content:
      "大语言模型、图像生成、语音识别模型与预装镜像：所需显存、可用 GPU、今日空闲卡数与价格，一键用镜像创建实例。",
  },
];
export const handle = { showContact: true };

/** The model library (public): cards of the published models, filtered by family (`?family=`, GET links). */
export function loader({ request }: LoaderFunctionArgs) {
  return modelsLoader(request);
}

export default function AIModelsPage() {
  const { models, families, family, familyLabel, unknownFamily } = useLoaderData<typeof loader>();
  return (
    <Page>
      <h1>AI 模型库</h1>
      <p>
        <Muted>
          每个模型都有装好推理框架的官方镜像。下方是它能运行的
          GPU、今日空闲卡数与最低价格；打开模型，用其镜像直接创建实例。
        </Muted>
      </p>
      <FamilyFilter families={families} current={family} />
      {unknownFamily && (
        <p role="status" data-testid="unknown-family">
          没有这个模型类别，已显示全部模型。
        </p>
      )}
      {models.length === 0 ? (
        <p>{familyLabel ? `暂无${familyLabel}模型。` : "模型库暂无模型。"}</p>
      ) : (
        <Grid css={{ gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))" }}>
          {models.map((model) => (
            <ModelCard key={model.Slug} model={model} />
          ))}
        </Grid>
      )}
    </Page>
  );
}
