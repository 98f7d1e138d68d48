import { LinkTabs } from "~/components/ui/LinkTabs";
import type { DatasetTaskWire } from "~/upstream/datasets.server";
import { datasetsPath } from "~/utils/content-paths";

/** The datasets' tasks as links (`?task=…`), each with its count: every filter has a URL and works without JavaScript. */
export function TaskFilter({ tasks, current }: { tasks: DatasetTaskWire[]; current: string | null }) {
  const total = tasks.reduce((sum, t) => sum + t.Count, 0);
  return (
    <LinkTabs
      label="按任务筛选"
      tabs={[
        { to: datasetsPath(), label: `全部（${total}）`, current: current === null },
        ...tasks.map((t) => ({
          to: datasetsPath(t.Task),
          label: `${t.Task}（${t.Count}）`,
          current: t.Task === current,
        })),
      ]}
    />
  );
}
