import { and, eq, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { searchEntries } from "../../db/content-schema";
import { workOrderDocuments } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import { indexSearchDocument, removeSearchDocument, type SearchDocument } from "../search/index-entries";
import { markdownToPlainText } from "../search/plain-text";
import type { CatalogueChange } from "./catalogue-categories";
import type { WorkOrderDocument } from "./documents";

/*
 * The work orders' self-help documents in the site search (issue 35 §1,
 * decision 074): source work_order_doc, written when the desk creates, edits
 * or deletes one (in its transaction), and on start for any the index misses
 * (the seeded ones, or documents from before the index).
 */

const SOURCE = "work_order_doc";
const SELECT_QUESTION = "/console/createWorkOrder/selectQuestion";
/** The page's keyword is at most 50 characters (the contract's WORK_ORDER_LIMITS.keywordMax). */
const KEYWORD_MAX = 50;

/** Where a reader finds the document: its question's page, or a category's general one by its title. */
export function workOrderDocumentHref(doc: Pick<WorkOrderDocument, "questionId" | "title">): string {
  return doc.questionId !== null
    ? `${SELECT_QUESTION}?question=${doc.questionId}`
    : `${SELECT_QUESTION}?keyword=${encodeURIComponent(doc.title.slice(0, KEYWORD_MAX))}`;
}

const searchDocumentOf = (doc: Pick<WorkOrderDocument, "id" | "questionId" | "title" | "content">): SearchDocument => ({
  source: SOURCE,
  sourceId: doc.id,
  title: doc.title,
  href: workOrderDocumentHref(doc),
  plainText: markdownToPlainText(doc.content),
});

/** After a desk change: the document indexed as it now is, or its entry removed when it was deleted. */
export async function syncWorkOrderDocumentIndex(ctx: Ctx, change: CatalogueChange<WorkOrderDocument>): Promise<void> {
  if (change.after) await indexSearchDocument(ctx, searchDocumentOf(change.after));
  else if (change.before) await removeSearchDocument(ctx, SOURCE, change.before.id);
}

/**
 * Indexes every document with no entry or an entry older than its last edit,
 * and drops entries of documents that are gone. Idempotent: a second run
 * writes nothing. Answers how many documents it indexed.
 */
export async function indexMissingWorkOrderDocuments(ctx: Ctx): Promise<number> {
  const db = ctx.db;
  await db.delete(searchEntries).where(
    and(
      eq(searchEntries.source, SOURCE),
      notExists(
        db
          .select({ one: sql`1` })
          .from(workOrderDocuments)
          .where(eq(workOrderDocuments.id, searchEntries.sourceId)),
      ),
    ),
  );
  const stale = await db
    .select({
      id: workOrderDocuments.id,
      questionId: workOrderDocuments.questionId,
      title: workOrderDocuments.title,
      content: workOrderDocuments.content,
    })
    .from(workOrderDocuments)
    .leftJoin(searchEntries, and(eq(searchEntries.source, SOURCE), eq(searchEntries.sourceId, workOrderDocuments.id)))
    .where(or(isNull(searchEntries.id), lt(searchEntries.updatedAt, workOrderDocuments.updatedAt)));
  for (const doc of stale) await indexSearchDocument(ctx, searchDocumentOf(doc));
  return stale.length;
}
