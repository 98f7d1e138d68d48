/**
 * The points store on the wire (issue 39 §3, decisions 116 and 117): the catalogue (public; a live main account's
 * session adds how many of each item it has exchanged), the caller's points and points ledger, exchanging, and
 * the caller's orders. Points are integers; voucher amounts yuan strings with two decimals; times ISO 8601.
 */
import type { MainApiCall, NoFields } from "./calls";

export type StoreItemKindWire = "coupon" | "voucher" | "goods";
/** 待发货, 已发货, 已完成 on the page. */
export type StoreOrderStatusWire = "pending_shipment" | "shipped" | "completed";

export type StoreItemWire = {
  ItemId: number;
  Kind: StoreItemKindWire;
  Name: string;
  Description: string;
  Points: number;
  Stock: number;
  PerUserLimit: number;
  /** Voucher items: the vouchers (yuan); else null. */
  PowerMoney: string | null;
  /** How many of it the caller has exchanged (0 without a main account's session). */
  Taken: number;
};

export type StoreItemsWire = { items: StoreItemWire[] };

export type PointsLotWire = { Points: number; ExpiresAt: string };

export type PointsEntryKindWire = "earn" | "event" | "prize" | "exchange" | "expire" | "clawback" | "adjustment";

export type PointsEntryWire = {
  Id: number;
  Kind: PointsEntryKindWire;
  Points: number;
  BalanceAfter: number;
  Note: string | null;
  /** Positive entries: when what is left of them expires. */
  ExpiresAt: string | null;
  CreatedAt: string;
};

export type PointsSummaryWire = { Points: number; lots: PointsLotWire[]; entries: PointsEntryWire[] };

export type StoreOrderWire = {
  OrderId: number;
  ItemId: number;
  Kind: StoreItemKindWire;
  ItemName: string;
  Points: number;
  Status: StoreOrderStatusWire;
  CouponId: number | null;
  PowerMoney: string | null;
  Recipient: string | null;
  Phone: string | null;
  Address: string | null;
  Carrier: string | null;
  TrackingNo: string | null;
  CreatedAt: string;
  ShippedAt: string | null;
  CompletedAt: string | null;
};

export type StoreOrdersWire = { orders: StoreOrderWire[] };

/**
 * `operation_key`: 8-64 letters, digits, "_" or "-", made when the page renders the form: the same key again
 * answers the first order (`Replayed`) and takes nothing more. Goods need `recipient`, `phone` and `address`.
 * Refusals: 积分不足 (POINTS_INSUFFICIENT), 该商品已兑完 (STORE_ITEM_SOLD_OUT), the per-user limit
 * (STORE_LIMIT_REACHED), an item not on sale (NOT_FOUND), a sub-account (PERMISSION_DENIED).
 */
export type ExchangeStoreItemFields = {
  item_id: number;
  operation_key: string;
  recipient?: string;
  phone?: string;
  address?: string;
};

export type ExchangeStoreItemWire = { order: StoreOrderWire; Replayed: boolean };

export type StoreOrderFields = { order_id: number };

/** Every points-store call of the main API, by path under /api. */
export type PointsStoreCalls = {
  "/get_score_store_items": MainApiCall<NoFields, StoreItemsWire, "optional">;
  "/get_points_summary": MainApiCall<NoFields, PointsSummaryWire, "required">;
  "/exchange_store_item": MainApiCall<ExchangeStoreItemFields, ExchangeStoreItemWire, "required">;
  "/get_store_orders": MainApiCall<NoFields, StoreOrdersWire, "required">;
  "/confirm_store_order_received": MainApiCall<StoreOrderFields, { order: StoreOrderWire }, "required">;
};
