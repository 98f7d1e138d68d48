import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DatasetCard } from "~/components/datasets/DatasetCard";
import { TaskFilter } from "~/components/datasets/TaskFilter";
import { Grid, Page, Panel } from "~/components/ui/layout";
import { datasetsLoader, publicContentHeaders } from "~/utils/datasets.server";

/** Cacheable for visitors without a session (decision 077); private for everyone else. */
export const headers = publicContentHeaders;
export const meta: MetaFunction = () => [
  { title: "公开数据集 · 算力云" },
  {
    name: "description",
    content: "ImageNet、COCO、LibriSpeech 等常用数据集已放在平台共享存储，实例内直接读取，无需下载。",
  },
];
export const handle = { showContact: true };

export function loader({ request }: LoaderFunctionArgs) {
  return datasetsLoader(request);
}

export default function DatasetsPage() {
  const { task, tasks, datasets } = useLoaderData<typeof loader>();
  return (
    <Page>
      <h1 style={{ fontSize: 20, margin: "0 0 8px" }}>公开数据集</h1>
      <p style={{ margin: "0 0 16px" }}>
        这些数据集放在平台的共享存储上，以只读方式挂载到每台实例，开机即可读取，不占用您的数据盘，也不产生下载流量。
      </p>
      <TaskFilter tasks={tasks} current={task} />
      {datasets.length === 0 ? (
        <Panel>
          <p>{task ? `暂无“${task}”类的数据集。` : "暂无公开数据集。"}</p>
        </Panel>
      ) : (
        <Grid data-testid="datasets" css={{ gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 340px), 1fr))" }}>
          {datasets.map((dataset) => (
            <DatasetCard key={dataset.Slug} dataset={dataset} />
          ))}
        </Grid>
      )}
    </Page>
  );
}
