import type { DatasetDetailWire, DatasetListWire, DatasetWire } from "../../contract/datasets";
import type { DatasetTask, PublishedDataset } from "../../modules/datasets/read";

export const toDataset = (d: PublishedDataset): DatasetWire => ({
  Slug: d.slug,
  Name: d.name,
  Task: d.task,
  SizeBytes: d.sizeBytes,
  FileCount: d.fileCount,
  Licence: d.licence,
  SourceUrl: d.sourceUrl,
  MountPath: d.mountPath,
  Summary: d.summary,
  UpdatedAt: d.updatedAt.toISOString(),
});

export const toDatasetDetail = (d: PublishedDataset): DatasetDetailWire => ({ ...toDataset(d), Body: d.body });

export const toDatasetList = (list: { tasks: DatasetTask[]; datasets: PublishedDataset[] }): DatasetListWire => ({
  Tasks: list.tasks.map((t) => ({ Task: t.task, Count: t.count })),
  Datasets: list.datasets.map(toDataset),
});
