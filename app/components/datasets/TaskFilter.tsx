import { Link } from "@remix-run/react";
import { styled } from "~/components/ui/stitches.config";
import type { DatasetTaskWire } from "~/upstream/datasets.server";
import { datasetsPath } from "~/utils/content-paths";

const Bar = styled("nav", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$2",
  marginBottom: "$4",
  a: {
    padding: "$2 $4",
    borderRadius: "$sm",
    color: "$text",
    backgroundColor: "white",
    border: "1px solid #ECEDF0",
    textDecoration: "none",
  },
  "a[aria-current=page]": { backgroundColor: "$primaryFill", color: "white", borderColor: "transparent" },
});

/** The datasets' tasks as links (`?task=…`), each with its count: every filter has a URL and works without JavaScript. */
export function TaskFilter({ tasks, current }: { tasks: DatasetTaskWire[]; current: string | null }) {
  const total = tasks.reduce((sum, t) => sum + t.Count, 0);
  return (
    <Bar aria-label="按任务筛选">
      <Link to={datasetsPath()} prefetch="intent" aria-current={current === null ? "page" : undefined}>
        全部（{total}）
      </Link>
      {tasks.map((t) => (
        <Link
          key={t.Task}
          to={datasetsPath(t.Task)}
          prefetch="intent"
          aria-current={t.Task === current ? "page" : undefined}
        >
          {t.Task}（{t.Count}）
        </Link>
      ))}
    </Bar>
  );
}
