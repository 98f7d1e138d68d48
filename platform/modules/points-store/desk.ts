/**
 * 运营's side of the points store in /desk (issue 39 §3, docs/decisions/125): the whole catalogue (on and off sale)
 * with what has been exchanged, adding and changing items, and the goods orders to ship. The changes are the
 * operators' (`addStoreItem`, `setStoreItem`, `markStoreOrderShipped`); here each runs in one transaction with its
 * staff audit row. Roles marketing and admin only.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { storeItems, storeItemTakers, storeOrders, type StoreOrderStatus } from "../../db/points-store-schema";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { canRunMarketing, TRACKING_NUMBER } from "../../rules/marketing-desk";
import { maskPhone } from "../../rules/raffle-odds";
import type { Ctx } from "../context";
import { fail } from "../errors";
import type { Page, PageRequest } from "../page";
import { recordStaffAudit } from "../staff/audit";
import type { StaffCaller } from "../staff/caller";
import { addStoreItem, setStoreItem, type StoreItemInput, type StoreItemRow } from "./manage";
import { markStoreOrderShipped } from "./orders";

export const STORE_DESK_AUDIT = {
  item: "store_item",
  order: "store_order",
  add: "store_item.add",
  set: "store_item.set",
  ship: "store_order.ship",
  /** A staff member read an order's full contact phone to ship it (shipping-label.ts). */
  label: "store_order.label",
} as const;

export function requireMarketing(staff: Pick<StaffCaller, "role">): void {
  if (!canRunMarketing(staff.role)) fail("PERMISSION_DENIED");
}

export interface DeskStoreItem extends StoreItemRow {
  /** How many have been exchanged, by every account. */
  exchanged: number;
}

const itemColumns = {
  id: storeItems.id,
  kind: storeItems.kind,
  name: storeItems.name,
  description: storeItems.description,
  pointsPrice: storeItems.pointsPrice,
  stock: storeItems.stock,
  perUserLimit: storeItems.perUserLimit,
  onSale: storeItems.onSale,
  couponGroupId: storeItems.couponGroupId,
  voucherFen: storeItems.voucherFen,
  sortOrder: storeItems.sortOrder,
  createdAt: storeItems.createdAt,
  exchanged: sql<number>`coalesce((select sum(${storeItemTakers.taken}) from ${storeItemTakers}
    where ${storeItemTakers.itemId} = ${storeItems.id}), 0)`.mapWith(Number),
};

/** Every item, on sale or not, in the store's order (at most 500). */
export async function listDeskStoreItems(ctx: Ctx, staff: StaffCaller): Promise<DeskStoreItem[]> {
  requireMarketing(staff);
  return ctx.db.select(itemColumns).from(storeItems).orderBy(asc(storeItems.sortOrder), asc(storeItems.id)).limit(500);
}

export async function deskStoreItem(ctx: Ctx, staff: StaffCaller, id: number): Promise<DeskStoreItem> {
  requireMarketing(staff);
  if (!Number.isSafeInteger(id)) fail("NOT_FOUND");
  const [row] = await ctx.db.select(itemColumns).from(storeItems).where(eq(storeItems.id, id));
  return row ?? fail("NOT_FOUND", "id", "商品不存在");
}

/** Adds an item (audited with what was added). */
export async function addDeskStoreItem(ctx: Ctx, staff: StaffCaller, input: StoreItemInput): Promise<DeskStoreItem> {
  requireMarketing(staff);
  const added = await inTransaction(ctx.db, async (tx) => {
    const item = await addStoreItem({ db: tx, now: ctx.now }, input);
    await recordStaffAudit(tx, staff, ctx.now(), {
      action: STORE_DESK_AUDIT.add,
      targetType: STORE_DESK_AUDIT.item,
      targetId: item.id,
      before: null,
      after: item,
    });
    return item;
  });
  return deskStoreItem(ctx, staff, added.id);
}

export type StoreItemChange = Parameters<typeof setStoreItem>[2];

/** Changes an item (audited before and after); a change of nothing is refused (setStoreItem). */
export async function setDeskStoreItem(
  ctx: Ctx,
  staff: StaffCaller,
  id: number,
  change: StoreItemChange,
): Promise<DeskStoreItem> {
  requireMarketing(staff);
  await inTransaction(ctx.db, async (tx) => {
    const { before, after } = await setStoreItem({ db: tx, now: ctx.now }, id, change);
    await recordStaffAudit(tx, staff, ctx.now(), {
      action: STORE_DESK_AUDIT.set,
      targetType: STORE_DESK_AUDIT.item,
      targetId: id,
      before,
      after,
    });
  });
  return deskStoreItem(ctx, staff, id);
}

export interface DeskStoreOrder {
  id: number;
  itemName: string;
  points: number;
  status: StoreOrderStatus;
  /** The exchanging account's phone, masked. */
  accountPhone: string;
  recipient: string | null;
  /** The contact phone given with the address, masked (138****8000). */
  maskedPhone: string | null;
  address: string | null;
  carrier: string | null;
  trackingNo: string | null;
  createdAt: Date;
  shippedAt: Date | null;
}

/**
 * Goods orders: `pending` (待发货, oldest first: the order to ship them in) or `shipped` (已发货 and 已完成, newest
 * first). Coupon and voucher orders are delivered at once and never listed.
 */
export async function listDeskStoreOrders(
  ctx: Ctx,
  staff: StaffCaller,
  input: PageRequest & { view: "pending" | "shipped" },
): Promise<Page<DeskStoreOrder>> {
  requireMarketing(staff);
  const where =
    input.view === "pending"
      ? and(eq(storeOrders.kind, "goods"), eq(storeOrders.status, "pending_shipment"))
      : and(eq(storeOrders.kind, "goods"), sql`${storeOrders.status} in ('shipped', 'completed')`);
  const rows = await ctx.db
    .select({
      id: storeOrders.id,
      itemName: storeOrders.itemName,
      points: storeOrders.points,
      status: storeOrders.status,
      accountPhone: users.phone,
      recipient: storeOrders.recipient,
      phone: storeOrders.phone,
      address: storeOrders.address,
      carrier: storeOrders.carrier,
      trackingNo: storeOrders.trackingNo,
      createdAt: storeOrders.createdAt,
      shippedAt: storeOrders.shippedAt,
    })
    .from(storeOrders)
    .innerJoin(users, eq(users.id, storeOrders.userId))
    .where(where)
    .orderBy(input.view === "pending" ? asc(storeOrders.id) : desc(storeOrders.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(storeOrders).where(where);
  return {
    items: rows.map(({ phone, accountPhone, ...row }) => ({
      ...row,
      accountPhone: maskPhone(accountPhone),
      maskedPhone: phone === null ? null : maskPhone(phone),
    })),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Ships a goods order (待发货 → 已发货) with its carrier and tracking number, which the user then sees. */
export async function shipDeskStoreOrder(
  ctx: Ctx,
  staff: StaffCaller,
  input: { orderId: number; carrier: string; trackingNo: string },
): Promise<{ id: number; carrier: string; trackingNo: string }> {
  requireMarketing(staff);
  const carrier = input.carrier.trim();
  const trackingNo = input.trackingNo.trim();
  if (carrier.length < 1 || carrier.length > 30) fail("BAD_REQUEST", "carrier", "请填写快递公司（最多30个字）");
  if (!TRACKING_NUMBER.test(trackingNo)) fail("BAD_REQUEST", "tracking_no", "运单号需为4-40位字母、数字或-");
  return inTransaction(ctx.db, async (tx) => {
    const { before, after } = await markStoreOrderShipped({ db: tx, now: ctx.now }, { ...input, carrier, trackingNo });
    await recordStaffAudit(tx, staff, ctx.now(), {
      action: STORE_DESK_AUDIT.ship,
      targetType: STORE_DESK_AUDIT.order,
      targetId: after.id,
      // The status and the parcel only: the address stays in its order, not copied into the audit.
      before: { status: before.status, carrier: before.carrier, trackingNo: before.trackingNo },
      after: { status: after.status, carrier: after.carrier, trackingNo: after.trackingNo },
    });
    return { id: after.id, carrier, trackingNo };
  });
}
