import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";
import { couponGroups, userCoupons } from "./wallet-schema";

/*
 * The points store (issue 39 §3, docs/decisions/116 and 117): what the store sells for points, the orders, how many
 * of an item each account has taken (the per-user limit as a conditional counter), and what the earning job has
 * already counted (one row per cash ledger entry, so no entry earns or claws back twice).
 */
export const STORE_ITEM_KINDS = ["coupon", "voucher", "goods"] as const;
export type StoreItemKind = (typeof STORE_ITEM_KINDS)[number];

export const STORE_ORDER_STATUSES = ["pending_shipment", "shipped", "completed"] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

export const storeItems = pgTable(
  "store_items",
  {
    id: id(),
    kind: text("kind", { enum: STORE_ITEM_KINDS }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    pointsPrice: integer("points_price").notNull(),
    /** Items left; an exchange takes one with `stock = stock - 1 where stock > 0`. */
    stock: integer("stock").notNull(),
    /** How many of this item one account may exchange in all. */
    perUserLimit: integer("per_user_limit").notNull(),
    onSale: boolean("on_sale").notNull().default(true),
    /** kind coupon: the coupon group an exchange gives a coupon of. */
    couponGroupId: bigint("coupon_group_id", { mode: "number" }).references(() => couponGroups.id),
    /** kind voucher: the compute vouchers (fen) an exchange puts in the voucher wallet. */
    voucherFen: bigint("voucher_fen", { mode: "number" }),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    check("store_items_kind_known", sql`${t.kind} in ('coupon', 'voucher', 'goods')`),
    check("store_items_stock_nonneg", sql`${t.stock} >= 0`),
    check("store_items_price_pos", sql`${t.pointsPrice} > 0`),
    check("store_items_limit_pos", sql`${t.perUserLimit} > 0`),
    check(
      "store_items_payload_by_kind",
      sql`(${t.kind} = 'coupon' and ${t.couponGroupId} is not null and ${t.voucherFen} is null)
        or (${t.kind} = 'voucher' and ${t.voucherFen} > 0 and ${t.couponGroupId} is null)
        or (${t.kind} = 'goods' and ${t.couponGroupId} is null and ${t.voucherFen} is null)`,
    ),
  ],
);

/** How many of an item an account has exchanged: raised only `where taken < per_user_limit`. */
export const storeItemTakers = pgTable(
  "store_item_takers",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => storeItems.id),
    taken: integer("taken").notNull(),
  },
  (t) => [
    uniqueIndex("store_item_takers_uq").on(t.userId, t.itemId),
    check("store_item_takers_taken_pos", sql`${t.taken} > 0`),
  ],
);

export const storeOrders = pgTable(
  "store_orders",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => storeItems.id),
    kind: text("kind", { enum: STORE_ITEM_KINDS }).notNull(),
    /** The item's name and price when exchanged (the catalogue may change later). */
    itemName: text("item_name").notNull(),
    points: integer("points").notNull(),
    status: text("status", { enum: STORE_ORDER_STATUSES }).notNull(),
    /** The form's key: the same key again answers this order and takes nothing more. */
    operationKey: text("operation_key").notNull(),
    couponId: bigint("coupon_id", { mode: "number" }).references(() => userCoupons.id),
    voucherFen: bigint("voucher_fen", { mode: "number" }),
    recipient: text("recipient"),
    phone: text("phone"),
    address: text("address"),
    carrier: text("carrier"),
    trackingNo: text("tracking_no"),
    createdAt: at("created_at").notNull(),
    shippedAt: at("shipped_at"),
    completedAt: at("completed_at"),
  },
  (t) => [
    uniqueIndex("store_orders_operation_uq").on(t.userId, t.operationKey),
    index("store_orders_user_idx").on(t.userId, t.id),
    index("store_orders_pending_idx")
      .on(t.id)
      .where(sql`${t.status} <> 'completed'`),
    check("store_orders_status_known", sql`${t.status} in ('pending_shipment', 'shipped', 'completed')`),
    check("store_orders_points_pos", sql`${t.points} > 0`),
    check(
      "store_orders_goods_address",
      sql`(${t.kind} = 'goods') = (${t.recipient} is not null and ${t.phone} is not null and ${t.address} is not null)`,
    ),
    check(
      "store_orders_shipping",
      sql`(${t.status} = 'pending_shipment' and ${t.kind} = 'goods' and ${t.shippedAt} is null and ${t.completedAt} is null)
        or (${t.status} = 'shipped' and ${t.kind} = 'goods' and ${t.carrier} is not null and ${t.trackingNo} is not null
            and ${t.shippedAt} is not null and ${t.completedAt} is null)
        or (${t.status} = 'completed' and ${t.completedAt} is not null)`,
    ),
  ],
);

/**
 * What the earning job counted: one row per cash purchase or refund ledger entry (its id is the key), so a spend
 * earns and a refund claws back once, whichever replica ran the job.
 */
export const pointsSpendCounted = pgTable(
  "points_spend_counted",
  {
    ledgerEntryId: bigint("ledger_entry_id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** The entry's cash amount: negative for a purchase, positive for a refund. */
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    countedAt: at("counted_at").notNull(),
  },
  (t) => [index("points_spend_counted_user_idx").on(t.userId)],
);

/**
 * Per account, the cash spent and refunded so far (fen) that the job has counted: points are
 * ⌊spent / 100⌋ − ⌊refunded / 100⌋ over time, so fractions of a yuan carry over to the next charge.
 */
export const pointsSpendTotals = pgTable(
  "points_spend_totals",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id),
    spentFen: bigint("spent_fen", { mode: "number" }).notNull().default(0),
    refundedFen: bigint("refunded_fen", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("points_spend_totals_nonneg", sql`${t.spentFen} >= 0 and ${t.refundedFen} >= 0`)],
);

export const pointsStoreSchema = { storeItems, storeItemTakers, storeOrders, pointsSpendCounted, pointsSpendTotals };
