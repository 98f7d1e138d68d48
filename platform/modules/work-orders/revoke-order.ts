import { inTransaction } from "../../db/tx";
import type { Caller, Ctx } from "../context";
import { moveStatus, userActor } from "./events";
import { findVisibleOrder } from "./find-order";
import type { WorkOrderStatus } from "./types";

/** The user withdraws an order (已撤销) while it is new, processing or waiting for them. */
export async function revokeOrder(
  ctx: Ctx,
  caller: Caller,
  input: { id: number; reason?: string },
): Promise<{ id: number; status: WorkOrderStatus; eventId: number }> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const order = await findVisibleOrder(tx, caller, input.id, { forUpdate: true });
    const eventId = await moveStatus(tx, {
      orderId: order.id,
      from: order.status,
      to: "revoked",
      actor: userActor(caller),
      body: input.reason ?? "",
      at: now,
      set: { lastUserActivityAt: now, staffUnread: true },
    });
    return { id: order.id, status: "revoked" as const, eventId };
  });
}
