/**
 * What a parcel's label needs: the recipient, the full contact phone and the address of one goods order. The
 * order lists show the phone masked; reading it whole is an action of its own, for one order at a time, and each
 * read is audited (who, when, which order; the phone and address are not copied into the audit).
 */
import { and, eq } from "drizzle-orm";
import { storeOrders } from "../../db/points-store-schema";
import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { recordStaffAudit } from "../staff/audit";
import type { StaffCaller } from "../staff/caller";
import { requireMarketing, STORE_DESK_AUDIT } from "./desk";

export interface ShippingLabel {
  orderId: number;
  itemName: string;
  recipient: string;
  phone: string;
  address: string;
}

export async function readShippingLabel(ctx: Ctx, staff: StaffCaller, orderId: number): Promise<ShippingLabel> {
  requireMarketing(staff);
  return inTransaction(ctx.db, async (tx) => {
    const [order] = await tx
      .select({
        id: storeOrders.id,
        itemName: storeOrders.itemName,
        status: storeOrders.status,
        recipient: storeOrders.recipient,
        phone: storeOrders.phone,
        address: storeOrders.address,
      })
      .from(storeOrders)
      .where(and(eq(storeOrders.id, orderId), eq(storeOrders.kind, "goods")));
    if (!order || order.recipient === null || order.phone === null || order.address === null)
      return fail("NOT_FOUND", "id", "订单不存在或无需发货");
    await recordStaffAudit(tx, staff, ctx.now(), {
      action: STORE_DESK_AUDIT.label,
      targetType: STORE_DESK_AUDIT.order,
      targetId: order.id,
      before: null,
      after: { status: order.status },
    });
    return {
      orderId: order.id,
      itemName: order.itemName,
      recipient: order.recipient,
      phone: order.phone,
      address: order.address,
    };
  });
}
