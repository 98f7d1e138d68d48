import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workOrderEvents, workOrders } from "../../db/work-order-schema";
import { fail } from "../errors";
import { canMove, isEnded } from "./status-rules";
import type { Actor, WorkOrderEventKind, WorkOrderStatus } from "./types";

function author(actor: Actor) {
  return actor.kind === "user"
    ? { authorKind: "user" as const, authorId: actor.userId, authorSubAccountId: actor.subAccountId }
    : { authorKind: "staff" as const, authorId: actor.staffId, authorSubAccountId: null };
}

/** Appends one entry to an order's thread; returns its id. */
export async function writeEvent(
  db: Db,
  input: {
    orderId: number;
    kind: Exclude<WorkOrderEventKind, "state_change">;
    actor: Actor;
    body?: string;
    fileId?: number;
    at: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(workOrderEvents)
    .values({
      orderId: input.orderId,
      kind: input.kind,
      ...author(input.actor),
      body: input.body ?? "",
      fileId: input.fileId ?? null,
      createdAt: input.at,
    })
    .returning({ id: workOrderEvents.id });
  return row!.id;
}

/**
 * Moves an order from `from` to `to` when the rules allow it for this actor,
 * with a conditional update (only if the order is still in `from`, so two
 * concurrent moves cannot both pass), and writes the state-change event.
 * Refused with WORK_ORDER_STATE otherwise. Returns the event's id.
 */
export async function moveStatus(
  db: Db,
  input: {
    orderId: number;
    from: WorkOrderStatus;
    to: WorkOrderStatus;
    actor: Actor;
    body?: string;
    at: Date;
    set?: Partial<typeof workOrders.$inferInsert>;
  },
): Promise<number> {
  if (!canMove(input.actor.kind, input.from, input.to)) return fail("WORK_ORDER_STATE");
  const moved = await db
    .update(workOrders)
    .set({
      ...input.set,
      status: input.to,
      updatedAt: input.at,
      endedAt: isEnded(input.to) ? input.at : null,
    })
    .where(and(eq(workOrders.id, input.orderId), eq(workOrders.status, input.from)))
    .returning({ id: workOrders.id });
  if (moved.length === 0) return fail("WORK_ORDER_STATE");
  const [row] = await db
    .insert(workOrderEvents)
    .values({
      orderId: input.orderId,
      kind: "state_change",
      ...author(input.actor),
      body: input.body ?? "",
      fromStatus: input.from,
      toStatus: input.to,
      createdAt: input.at,
    })
    .returning({ id: workOrderEvents.id });
  return row!.id;
}

export const userActor = (caller: { userId: number; subAccountId: number | null }): Actor => ({
  kind: "user",
  userId: caller.userId,
  subAccountId: caller.subAccountId,
});
