import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { recordStaffAudit } from "../staff/audit";
import { isLead, type StaffCaller } from "../staff/caller";
import * as categories from "./catalogue-categories";
import type { CatalogueChange } from "./catalogue-categories";
import * as documents from "./catalogue-documents";
import * as questions from "./catalogue-questions";
import { syncWorkOrderDocumentIndex } from "./document-index";
import type { WorkOrderDocument } from "./documents";

/*
 * The catalogue's management from the desk (issue 11 §5): leads only, each
 * change made by the catalogue functions (./catalogue-*.ts, which raise
 * 100101–100301) and audited in the same transaction, before and after.
 */

type Change = (ctx: Ctx) => Promise<CatalogueChange<{ id: number }>>;

async function audited(
  ctx: Ctx,
  staff: StaffCaller,
  action: string,
  targetType: string,
  change: Change,
): Promise<{ id: number }> {
  if (!isLead(staff)) fail("PERMISSION_DENIED", undefined, "只有组长可以管理分类、问题和文档");
  return inTransaction(ctx.db, async (tx) => {
    const { before, after } = await change({ ...ctx, db: tx });
    const id = (after ?? before)!.id;
    await recordStaffAudit(tx, staff, ctx.now(), { action, targetType, targetId: id, before, after });
    return { id };
  });
}

const actor = (staff: StaffCaller) => ({ staffId: staff.staffId });
const CATEGORY = "work_order_category";
const QUESTION = "work_order_question";
const DOCUMENT = "work_order_document";

export const createCategory = (ctx: Ctx, staff: StaffCaller, input: { name: string }) =>
  audited(ctx, staff, "category.create", CATEGORY, (c) => categories.createCategory(c, actor(staff), input));

export const renameCategory = (ctx: Ctx, staff: StaffCaller, input: { id: number; name: string }) =>
  audited(ctx, staff, "category.rename", CATEGORY, (c) => categories.updateCategory(c, actor(staff), input));

export const deleteCategory = (ctx: Ctx, staff: StaffCaller, input: { id: number }) =>
  audited(ctx, staff, "category.delete", CATEGORY, (c) => categories.deleteCategory(c, actor(staff), input));

export const createQuestion = (
  ctx: Ctx,
  staff: StaffCaller,
  input: { categoryId: number; name: string; resourceTypes: string[] },
) => audited(ctx, staff, "question.create", QUESTION, (c) => questions.createQuestion(c, actor(staff), input));

export const renameQuestion = (ctx: Ctx, staff: StaffCaller, input: { id: number; name: string }) =>
  audited(ctx, staff, "question.rename", QUESTION, (c) => questions.updateQuestion(c, actor(staff), input));

export const deleteQuestion = (ctx: Ctx, staff: StaffCaller, input: { id: number }) =>
  audited(ctx, staff, "question.delete", QUESTION, (c) => questions.deleteQuestion(c, actor(staff), input));

export type DocumentInput = documents.DocumentInput;

/** A document's change, then its search entry (decision 074), in the same transaction. */
const reindexed =
  (change: (ctx: Ctx) => Promise<CatalogueChange<WorkOrderDocument>>): Change =>
  async (ctx) => {
    const result = await change(ctx);
    await syncWorkOrderDocumentIndex(ctx, result);
    return result;
  };

export const createDocument = (ctx: Ctx, staff: StaffCaller, input: DocumentInput) =>
  audited(
    ctx,
    staff,
    "document.create",
    DOCUMENT,
    reindexed((c) => documents.createDocument(c, actor(staff), input)),
  );

export const updateDocument = (ctx: Ctx, staff: StaffCaller, input: DocumentInput & { id: number }) =>
  audited(
    ctx,
    staff,
    "document.update",
    DOCUMENT,
    reindexed((c) => documents.updateDocument(c, actor(staff), input)),
  );

export const deleteDocument = (ctx: Ctx, staff: StaffCaller, input: { id: number }) =>
  audited(
    ctx,
    staff,
    "document.delete",
    DOCUMENT,
    reindexed((c) => documents.deleteDocument(c, actor(staff), input)),
  );
