import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workOrderFiles } from "../../db/work-order-schema";
import type { WorkOrderFile } from "./types";

export type WorkOrderFileRow = typeof workOrderFiles.$inferSelect;

export const toFile = (r: WorkOrderFileRow): WorkOrderFile => ({
  id: r.id,
  orderId: r.orderId,
  name: r.originalName,
  mime: r.mime,
  size: r.byteSize,
  width: r.width,
  height: r.height,
  createdAt: r.createdAt,
});

/** The files attached to an order, in the order they were attached. */
export async function attachedFiles(db: Db, orderId: number): Promise<WorkOrderFile[]> {
  const rows = await db
    .select()
    .from(workOrderFiles)
    .where(eq(workOrderFiles.orderId, orderId))
    .orderBy(asc(workOrderFiles.attachedAt), asc(workOrderFiles.id));
  return rows.map(toFile);
}
