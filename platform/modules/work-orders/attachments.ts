import { and, eq } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { workOrderFiles, workOrders } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { attachFiles, uploadedBy } from "./attach-files";
import { userActor, writeEvent } from "./events";
import { attachedFiles } from "./files";
import { findVisibleOrder } from "./find-order";
import { isOpen } from "./status-rules";
import type { WorkOrderFile } from "./types";

/** The caller attaches its own uploads to one of its open orders (nine files an order at most). */
export async function attachToOrder(
  ctx: Ctx,
  caller: Caller,
  input: { orderId: number; fileIds: number[] },
): Promise<{ orderId: number; attachments: WorkOrderFile[] }> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const order = await findVisibleOrder(tx, caller, input.orderId, { forUpdate: true });
    if (!isOpen(order.status)) return fail("WORK_ORDER_STATE");
    await attachFiles(tx, { orderId: order.id, fileIds: input.fileIds, actor: userActor(caller), at: now });
    await tx
      .update(workOrders)
      .set({ staffUnread: true, lastUserActivityAt: now, updatedAt: now })
      .where(eq(workOrders.id, order.id));
    return { orderId: order.id, attachments: await attachedFiles(tx, order.id) };
  });
}

/**
 * The uploader takes one of its files off an open order it can see. The file
 * stays the uploader's (unattached); the thread records the removal. Another
 * account's file, a file it did not upload, or one on no order: not found.
 */
export async function detachFromOrder(ctx: Ctx, caller: Caller, input: { fileId: number }): Promise<{ id: number }> {
  const now = ctx.now();
  const actor = userActor(caller);
  return inTransaction(ctx.db, async (tx) => {
    const [file] = await tx
      .select()
      .from(workOrderFiles)
      .where(and(eq(workOrderFiles.id, input.fileId), uploadedBy(actor)));
    if (!file || file.orderId === null) return fail("WORK_ORDER_FILE_NOT_FOUND");
    const order = await findVisibleOrder(tx, caller, file.orderId, { forUpdate: true });
    if (!isOpen(order.status)) return fail("WORK_ORDER_STATE");
    const detached = await tx
      .update(workOrderFiles)
      .set({ orderId: null, attachedAt: null })
      .where(and(eq(workOrderFiles.id, file.id), eq(workOrderFiles.orderId, order.id)))
      .returning({ id: workOrderFiles.id });
    if (detached.length === 0) return fail("WORK_ORDER_FILE_NOT_FOUND");
    await writeEvent(tx, {
      orderId: order.id,
      kind: "attachment",
      actor,
      body: `移除了附件：${file.originalName}`,
      at: now,
    });
    await tx.update(workOrders).set({ updatedAt: now }).where(eq(workOrders.id, order.id));
    return { id: file.id };
  });
}
