import type { PointsSummaryWire, StoreItemWire, StoreOrderWire } from "../../contract/points-store";
import type { StoreItem } from "../../modules/points-store/catalogue";
import type { StoreOrder } from "../../modules/points-store/orders";
import type { PointsSummary } from "../../modules/points-store/points-view";
import { fenToYuan } from "../../rules/money";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toStoreItem = (i: StoreItem): StoreItemWire => ({
  ItemId: i.id,
  Kind: i.kind,
  Name: i.name,
  Description: i.description,
  Points: i.pointsPrice,
  Stock: i.stock,
  PerUserLimit: i.perUserLimit,
  PowerMoney: i.voucherFen === null ? null : fenToYuan(i.voucherFen),
  Taken: i.taken,
});

export const toStoreOrder = (o: StoreOrder): StoreOrderWire => ({
  OrderId: o.id,
  ItemId: o.itemId,
  Kind: o.kind,
  ItemName: o.itemName,
  Points: o.points,
  Status: o.status,
  CouponId: o.couponId,
  PowerMoney: o.voucherFen === null ? null : fenToYuan(o.voucherFen),
  Recipient: o.recipient,
  Phone: o.phone,
  Address: o.address,
  Carrier: o.carrier,
  TrackingNo: o.trackingNo,
  CreatedAt: o.createdAt.toISOString(),
  ShippedAt: iso(o.shippedAt),
  CompletedAt: iso(o.completedAt),
});

export const toPointsSummary = (s: PointsSummary): PointsSummaryWire => ({
  Points: s.points,
  lots: s.lots.map((l) => ({ Points: l.points, ExpiresAt: l.expiresAt.toISOString() })),
  entries: s.entries.map((e) => ({
    Id: e.id,
    Kind: e.kind,
    Points: e.points,
    BalanceAfter: e.balanceAfter,
    Note: e.note,
    ExpiresAt: iso(e.expiresAt),
    CreatedAt: e.createdAt.toISOString(),
  })),
});
