import { z } from "zod";
import { datasets } from "../../../db/content-schema";
import { markdownToPlainText } from "../../search/plain-text";
import type { ContentKindSpec } from "../kind";
import { bodyField, httpsUrlField, positionField, summaryField, titleField, wholeNumberField } from "./fields";

/** Where shared datasets are mounted in every instance (read-only). */
export const DATASET_MOUNT_ROOT = "/root/gpu-pub/";

export const DatasetFields = z.object({
  name: titleField("名称", 60),
  task: titleField("任务类型", 20),
  /** Bytes; the desk's form may take GB and convert. Up to 1 PB. */
  sizeBytes: wholeNumberField("大小", 1e15),
  fileCount: wholeNumberField("文件数", 1e9),
  licence: titleField("许可证", 60),
  sourceUrl: httpsUrlField,
  mountPath: z
    .string()
    .trim()
    .max(200, "路径不能超过 200 个字符")
    .regex(/^\/[A-Za-z0-9._\-/]+$/, "路径以 / 开头，只含字母、数字、点、连字符、下划线和 /")
    .refine((p) => !p.split("/").includes(".."), "路径不能包含 .."),
  summary: summaryField,
  position: positionField,
  body: bodyField,
});
export type DatasetFields = z.infer<typeof DatasetFields>;
export type DatasetRow = typeof datasets.$inferSelect;

/** A public dataset (decision 072): visitors find it at /dataset/<slug>. */
export const datasetKind: ContentKindSpec<DatasetFields, DatasetRow> = {
  kind: "dataset",
  table: datasets,
  fields: DatasetFields,
  toColumns: (f) => ({ ...f }),
  fromRow: (row) => ({
    name: row.name,
    task: row.task,
    sizeBytes: row.sizeBytes,
    fileCount: row.fileCount,
    licence: row.licence,
    sourceUrl: row.sourceUrl,
    mountPath: row.mountPath,
    summary: row.summary,
    position: row.position,
    body: row.body,
  }),
  searchDocument: (row) => ({
    source: "dataset",
    sourceId: row.id,
    title: row.name,
    href: `/dataset/${row.slug}`,
    plainText: [row.task, row.summary, markdownToPlainText(row.body)].filter(Boolean).join("\n"),
  }),
};
