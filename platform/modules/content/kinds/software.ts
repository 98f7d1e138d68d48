import { z } from "zod";
import { software } from "../../../db/content-schema";
import { markdownToPlainText } from "../../search/plain-text";
import type { ContentKindSpec } from "../kind";
import { bodyField, positionField, summaryField, titleField } from "./fields";

export const SoftwareFields = z.object({
  name: titleField("名称", 60),
  summary: summaryField,
  position: positionField,
  body: bodyField,
});
export type SoftwareFields = z.infer<typeof SoftwareFields>;
export type SoftwareRow = typeof software.$inferSelect;

/**
 * A downloadable tool (decision 072). Its releases (software_releases) are
 * added and withdrawn on their own, not through revisions: a release's file
 * never changes, so its SHA-256 always describes what is served.
 */
export const softwareKind: ContentKindSpec<SoftwareFields, SoftwareRow> = {
  kind: "software",
  table: software,
  fields: SoftwareFields,
  toColumns: (f) => ({ ...f }),
  fromRow: (row) => ({ name: row.name, summary: row.summary, position: row.position, body: row.body }),
  searchDocument: (row) => ({
    source: "software",
    sourceId: row.id,
    title: row.name,
    href: `/software#${row.slug}`,
    plainText: [row.summary, markdownToPlainText(row.body)].filter(Boolean).join("\n"),
  }),
};
