import { and, count, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workOrderFiles } from "../../db/work-order-schema";
import { fail } from "../errors";
import { writeEvent } from "./events";
import type { Actor } from "./types";

/** At most this many files on one order (issue 11 §4). */
export const ATTACHMENTS_PER_ORDER = 9;

/** The uploads that belong to this actor: exactly its own (a main account's are not its sub-accounts', nor the reverse). */
export function uploadedBy(actor: Actor): SQL {
  if (actor.kind === "staff") return eq(workOrderFiles.uploaderStaffId, actor.staffId);
  return and(
    eq(workOrderFiles.uploaderUserId, actor.userId),
    actor.subAccountId === null
      ? isNull(workOrderFiles.uploaderSubAccountId)
      : eq(workOrderFiles.uploaderSubAccountId, actor.subAccountId),
  )!;
}

/**
 * Attaches the actor's own unattached uploads to an order and writes one
 * attachment event per file. The caller must hold the order's row lock, so the
 * nine-file limit holds under concurrency. Someone else's file, or a missing
 * one, is refused as not found; a file already on an order as attached.
 */
export async function attachFiles(
  db: Db,
  input: { orderId: number; fileIds: number[]; actor: Actor; at: Date },
): Promise<number[]> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return [];
  const files = await db
    .select({ id: workOrderFiles.id, orderId: workOrderFiles.orderId })
    .from(workOrderFiles)
    .where(and(inArray(workOrderFiles.id, ids), uploadedBy(input.actor)));
  if (files.length !== ids.length) return fail("WORK_ORDER_FILE_NOT_FOUND", "attachment_ids");
  if (files.some((f) => f.orderId !== null)) return fail("WORK_ORDER_FILE_ATTACHED", "attachment_ids");
  const [attached] = await db
    .select({ n: count() })
    .from(workOrderFiles)
    .where(eq(workOrderFiles.orderId, input.orderId));
  if (Number(attached?.n ?? 0) + ids.length > ATTACHMENTS_PER_ORDER)
    return fail("WORK_ORDER_ATTACHMENT_LIMIT", "attachment_ids");
  const updated = await db
    .update(workOrderFiles)
    .set({ orderId: input.orderId, attachedAt: input.at })
    .where(and(inArray(workOrderFiles.id, ids), isNull(workOrderFiles.orderId), uploadedBy(input.actor)))
    .returning({ id: workOrderFiles.id });
  if (updated.length !== ids.length) return fail("WORK_ORDER_FILE_ATTACHED", "attachment_ids");
  for (const id of ids) {
    await writeEvent(db, { orderId: input.orderId, kind: "attachment", actor: input.actor, fileId: id, at: input.at });
  }
  return ids;
}
