import type { z } from "zod";
import type { aiModels, ContentKind, datasets, docs, software } from "../../db/content-schema";
import type { Ctx } from "../context";
import type { SearchDocument } from "../search/index-entries";

/** The tables of public content: each has the lifecycle columns of content-schema.ts. */
export type ContentTable = typeof docs | typeof datasets | typeof software | typeof aiModels;
export type ContentRow =
  typeof docs.$inferSelect | typeof datasets.$inferSelect | typeof software.$inferSelect | typeof aiModels.$inferSelect;

/**
 * One kind of public content as the lifecycle (lifecycle.ts) handles it: its
 * table, the fields an editor edits (validated by `fields` on every save),
 * how they map to the table's columns and back, and its search entry.
 */
export interface ContentKindSpec<F extends Record<string, unknown>, R extends ContentRow = ContentRow> {
  kind: ContentKind;
  table: ContentTable;
  /** The editable fields; a save with anything else is refused with the field's Chinese message. */
  fields: z.ZodType<F, z.ZodTypeDef, unknown>;
  /** The fields as the table's column values (the lifecycle adds slug, status, revisions and times). */
  toColumns(fields: F): Record<string, unknown>;
  /** The editable fields of a row (the first revision of seeded items, a restore's comparison). */
  fromRow(row: R): F;
  /** The published row's search entry; null when this kind is not searched. */
  searchDocument(row: R): SearchDocument | null;
  /** Checks that need the database (a parent that exists, an image that exists); fail(...) when one does not hold. */
  validate?(ctx: Ctx, fields: F, itemId: number | null): Promise<void>;
}
