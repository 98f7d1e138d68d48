import { styled } from "~/components/ui/stitches.config";
import type { DatasetWire } from "~/upstream/datasets.server";
import { formatByteSize } from "../../../platform/rules/byte-size";

const List = styled("dl", {
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: "$1 $3",
  margin: 0,
  fontSize: "$sm",
  dt: { color: "$mutedText" },
  dd: { margin: 0, minWidth: 0, overflowWrap: "anywhere" },
  code: { fontSize: "$sm" },
});

/** A dataset's figures: task, size (decimal units), file count, licence, source link, mount path. */
export function DatasetFacts({ dataset }: { dataset: DatasetWire }) {
  return (
    <List>
      <dt>任务</dt>
      <dd>{dataset.Task}</dd>
      <dt>大小</dt>
      <dd>{formatByteSize(dataset.SizeBytes)}</dd>
      <dt>文件数</dt>
      <dd>{dataset.FileCount.toLocaleString("zh-CN")}</dd>
      <dt>许可证</dt>
      <dd>{dataset.Licence}</dd>
      <dt>来源</dt>
      <dd>
        <a href={dataset.SourceUrl} rel="noopener noreferrer nofollow">
          {dataset.SourceUrl}
        </a>
      </dd>
      <dt>挂载路径</dt>
      <dd>
        <code>{dataset.MountPath}</code>
      </dd>
    </List>
  );
}
