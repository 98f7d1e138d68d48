import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { storeOrders, type StoreItemKind, type StoreOrderStatus } from "../../db/points-store-schema";
import { inTransaction } from "../../db/tx";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { pointsMainAccountOnly } from "./main-account";

type StoreCtx = Pick<Ctx, "db" | "now">;

export interface StoreOrder {
  id: number;
  itemId: number;
  kind: StoreItemKind;
  itemName: string;
  points: number;
  status: StoreOrderStatus;
  couponId: number | null;
  voucherFen: number | null;
  recipient: string | null;
  phone: string | null;
  address: string | null;
  carrier: string | null;
  trackingNo: string | null;
  createdAt: Date;
  shippedAt: Date | null;
  completedAt: Date | null;
}

const orderColumns = {
  id: storeOrders.id,
  itemId: storeOrders.itemId,
  kind: storeOrders.kind,
  itemName: storeOrders.itemName,
  points: storeOrders.points,
  status: storeOrders.status,
  couponId: storeOrders.couponId,
  voucherFen: storeOrders.voucherFen,
  recipient: storeOrders.recipient,
  phone: storeOrders.phone,
  address: storeOrders.address,
  carrier: storeOrders.carrier,
  trackingNo: storeOrders.trackingNo,
  createdAt: storeOrders.createdAt,
  shippedAt: storeOrders.shippedAt,
  completedAt: storeOrders.completedAt,
};

export async function orderByKey(db: Db, userId: number, operationKey: string): Promise<StoreOrder | null> {
  const [row] = await db
    .select(orderColumns)
    .from(storeOrders)
    .where(and(eq(storeOrders.userId, userId), eq(storeOrders.operationKey, operationKey)));
  return row ?? null;
}

/** The caller's orders, newest first (at most 100). */
export async function listStoreOrders(ctx: StoreCtx, caller: Caller): Promise<StoreOrder[]> {
  pointsMainAccountOnly(caller);
  return ctx.db
    .select(orderColumns)
    .from(storeOrders)
    .where(eq(storeOrders.userId, caller.userId))
    .orderBy(desc(storeOrders.id))
    .limit(100);
}

/** The user confirms a shipped parcel arrived: 已发货 → 已完成. Someone else's or an unknown order: not found. */
export async function confirmStoreOrderReceived(
  ctx: StoreCtx,
  caller: Caller,
  input: { orderId: number },
): Promise<StoreOrder> {
  pointsMainAccountOnly(caller);
  return inTransaction(ctx.db, async (tx) => {
    const [owned] = await tx
      .select(orderColumns)
      .from(storeOrders)
      .where(and(eq(storeOrders.id, input.orderId), eq(storeOrders.userId, caller.userId)))
      .for("update");
    if (!owned) return fail("NOT_FOUND", "order_id", "订单不存在或无权访问");
    if (owned.status === "completed") return owned;
    if (owned.status !== "shipped") return fail("BAD_REQUEST", "order_id", "订单尚未发货，不能确认收货");
    const [done] = await tx
      .update(storeOrders)
      .set({ status: "completed", completedAt: ctx.now() })
      .where(and(eq(storeOrders.id, owned.id), eq(storeOrders.status, "shipped")))
      .returning(orderColumns);
    return done!;
  });
}

/** Staff: a goods order leaves the warehouse (待发货 → 已发货) with its carrier and tracking number. */
export async function markStoreOrderShipped(
  ctx: StoreCtx,
  input: { orderId: number; carrier: string; trackingNo: string },
): Promise<{ before: StoreOrder; after: StoreOrder }> {
  return inTransaction(ctx.db, async (tx) => {
    const [before] = await tx
      .select(orderColumns)
      .from(storeOrders)
      .where(eq(storeOrders.id, input.orderId))
      .for("update");
    if (!before) return fail("NOT_FOUND", "order", "订单不存在");
    if (before.status !== "pending_shipment") return fail("BAD_REQUEST", "order", "只有待发货的实物订单可以发货");
    const [after] = await tx
      .update(storeOrders)
      .set({ status: "shipped", carrier: input.carrier, trackingNo: input.trackingNo, shippedAt: ctx.now() })
      .where(and(eq(storeOrders.id, before.id), sql`${storeOrders.status} = 'pending_shipment'`))
      .returning(orderColumns);
    return { before, after: after! };
  });
}
