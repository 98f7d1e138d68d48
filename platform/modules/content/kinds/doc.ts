import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { docs } from "../../../db/content-schema";
import { fail } from "../../errors";
import { markdownToPlainText } from "../../search/plain-text";
import type { ContentKindSpec } from "../kind";
import { bodyField, optionalIdField, positionField, summaryField, titleField } from "./fields";

export const DocFields = z.object({
  title: titleField("标题", 100),
  summary: summaryField,
  /** The section it sits under; null: it is a section (top level). */
  parentId: optionalIdField("所属栏目"),
  position: positionField,
  body: bodyField,
});
export type DocFields = z.infer<typeof DocFields>;
export type DocRow = typeof docs.$inferSelect;

/**
 * A documentation page (decision 072). The tree has two levels: sections (no
 * parent) and their pages. A page's parent must be a section, never itself,
 * and a section that has pages stays a section.
 */
export const docKind: ContentKindSpec<DocFields, DocRow> = {
  kind: "doc",
  table: docs,
  fields: DocFields,
  toColumns: (f) => ({ title: f.title, summary: f.summary, parentId: f.parentId, position: f.position, body: f.body }),
  fromRow: (row) => ({
    title: row.title,
    summary: row.summary,
    parentId: row.parentId,
    position: row.position,
    body: row.body,
  }),
  searchDocument: (row) => ({
    source: "doc",
    sourceId: row.id,
    title: row.title,
    href: `/docs/${row.slug}`,
    plainText: [row.summary, markdownToPlainText(row.body)].filter(Boolean).join("\n"),
  }),
  async validate(ctx, fields, itemId) {
    if (fields.parentId === null) return;
    if (fields.parentId === itemId) fail("BAD_REQUEST", "parentId", "不能把文档放在它自己下面");
    const [parent] = await ctx.db.select({ parentId: docs.parentId }).from(docs).where(eq(docs.id, fields.parentId));
    if (!parent) return fail("BAD_REQUEST", "parentId", "所属栏目不存在");
    if (parent.parentId !== null) fail("BAD_REQUEST", "parentId", "只能放在一级栏目下");
    if (itemId !== null) {
      const [child] = await ctx.db
        .select({ id: docs.id })
        .from(docs)
        .where(and(eq(docs.parentId, itemId)))
        .limit(1);
      if (child) fail("BAD_REQUEST", "parentId", "这个栏目下还有文档，不能再放到别的栏目下");
    }
  },
};
