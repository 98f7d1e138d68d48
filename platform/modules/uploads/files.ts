import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import { workOrderFiles, workOrders } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { toFile } from "../work-orders/files";
import type { Actor, WorkOrderFile } from "../work-orders/types";
import { inspectUpload } from "./inspect";

export type { WorkOrderFile };

/** Who uploads: a signed-in user or sub-account (`userActor(caller)`), or a staff member of the desk. */
export type Uploader = Actor;

/** How many files one account (or one staff member) may upload in an hour. */
export const UPLOADS_PER_HOUR = 100;
const HOUR = 60 * 60 * 1000;

/**
 * Inspects an upload (inspect.ts: the type from the bytes, the limits), then
 * stores it through the storage provider and records it, not yet attached to
 * an order. A refused file leaves nothing behind. The bytes are written before
 * the row, and removed again when the row cannot be written.
 */
export async function storeWorkOrderFile(
  ctx: Ctx,
  uploader: Uploader,
  input: { name: string; bytes: Uint8Array },
): Promise<WorkOrderFile> {
  const inspected = await inspectUpload(input);
  const since = new Date(ctx.now().getTime() - HOUR);
  const mine =
    uploader.kind === "user"
      ? eq(workOrderFiles.uploaderUserId, uploader.userId)
      : eq(workOrderFiles.uploaderStaffId, uploader.staffId);
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(workOrderFiles)
    .where(and(mine, gte(workOrderFiles.createdAt, since)));
  if ((recent?.n ?? 0) >= UPLOADS_PER_HOUR) fail("UPLOAD_RATE");

  const now = ctx.now();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const storageKey = `work-orders/${month}/${randomUUID()}`;
  await ctx.providers.storage.put(storageKey, inspected.bytes, inspected.mime);
  try {
    const [row] = await ctx.db
      .insert(workOrderFiles)
      .values({
        uploaderUserId: uploader.kind === "user" ? uploader.userId : null,
        uploaderSubAccountId: uploader.kind === "user" ? uploader.subAccountId : null,
        uploaderStaffId: uploader.kind === "staff" ? uploader.staffId : null,
        storageKey,
        mime: inspected.mime,
        byteSize: inspected.bytes.byteLength,
        originalName: inspected.name,
        width: inspected.width,
        height: inspected.height,
        createdAt: now,
      })
      .returning();
    return toFile(row!);
  } catch (error) {
    await ctx.providers.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/** A file and its bytes, for serving. */
export interface WorkOrderFileContent {
  file: WorkOrderFile;
  bytes: Uint8Array;
}

async function fileWithOrder(ctx: Ctx, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await ctx.db
    .select({ file: workOrderFiles, orderUserId: workOrders.userId, orderSubAccountId: workOrders.subAccountId })
    .from(workOrderFiles)
    .leftJoin(workOrders, eq(workOrders.id, workOrderFiles.orderId))
    .where(eq(workOrderFiles.id, id));
  return row;
}

/**
 * Whether the caller may see a file (decision 028): a main account sees what
 * it or any of its sub-accounts uploaded, and every file of its orders and
 * its sub-accounts' orders; a sub-account sees only what it uploaded itself
 * and the files of its own orders.
 */
function mayView(
  caller: Caller,
  row: { file: typeof workOrderFiles.$inferSelect; orderUserId: number | null; orderSubAccountId: number | null },
): boolean {
  const sees = (userId: number | null, subAccountId: number | null) =>
    userId === caller.userId && (caller.subAccountId === null || subAccountId === caller.subAccountId);
  if (sees(row.file.uploaderUserId, row.file.uploaderSubAccountId)) return true;
  return row.file.orderId !== null && sees(row.orderUserId, row.orderSubAccountId);
}

async function contentOf(ctx: Ctx, row: { file: typeof workOrderFiles.$inferSelect }): Promise<WorkOrderFileContent> {
  const bytes = await ctx.providers.storage.get(row.file.storageKey);
  if (!bytes) throw new Error(`work-order file ${row.file.id}: storage has no ${row.file.storageKey}`);
  return { file: toFile(row.file), bytes };
}

/** The file for a user who may see it; WORK_ORDER_FILE_NOT_FOUND (100041, 404) for anyone else, as for no file. */
export async function readWorkOrderFile(ctx: Ctx, caller: Caller, id: number): Promise<WorkOrderFileContent> {
  const row = await fileWithOrder(ctx, id);
  if (!row || !mayView(caller, row)) return fail("WORK_ORDER_FILE_NOT_FOUND");
  return contentOf(ctx, row);
}

/**
 * The file for support staff (the desk checks the staff session): files of any
 * order, and files staff uploaded themselves. A user's upload that is not
 * attached to an order stays the user's.
 */
export async function readWorkOrderFileForStaff(ctx: Ctx, id: number): Promise<WorkOrderFileContent> {
  const row = await fileWithOrder(ctx, id);
  if (!row || (row.file.orderId === null && row.file.uploaderStaffId === null))
    return fail("WORK_ORDER_FILE_NOT_FOUND");
  return contentOf(ctx, row);
}

/** How long an upload may stay unattached to any order before it is deleted. */
export const UNATTACHED_UPLOAD_TTL_MS = 7 * 24 * HOUR;

/**
 * Deletes up to `batch` uploads never attached to an order within
 * UNATTACHED_UPLOAD_TTL_MS (an editor image whose order was never sent), rows
 * first and then their bytes. The delete is conditional on `order_id is null`,
 * so an attach that commits first keeps its file. Returns how many it deleted.
 */
export async function purgeUnattachedFiles(ctx: Ctx, batch = 100): Promise<number> {
  const before = new Date(ctx.now().getTime() - UNATTACHED_UPLOAD_TTL_MS);
  const due = ctx.db
    .select({ id: workOrderFiles.id })
    .from(workOrderFiles)
    .where(and(isNull(workOrderFiles.orderId), lt(workOrderFiles.createdAt, before)))
    .orderBy(asc(workOrderFiles.id))
    .limit(batch);
  const deleted = await ctx.db
    .delete(workOrderFiles)
    .where(and(inArray(workOrderFiles.id, due), isNull(workOrderFiles.orderId), lt(workOrderFiles.createdAt, before)))
    .returning({ storageKey: workOrderFiles.storageKey });
  for (const { storageKey } of deleted) await ctx.providers.storage.delete(storageKey);
  return deleted.length;
}
