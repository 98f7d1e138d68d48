import type {
  DeskPartnerWire,
  DeskRaffleDrawWire,
  DeskRaffleWire,
  DeskRefusedBindingWire,
  DeskStoreItemWire,
  DeskStoreOrderWire,
} from "../../contract/marketing-desk";
import type { DeskPartner, RefusedBinding } from "../../modules/partner/desk";
import type { DeskStoreItem, DeskStoreOrder } from "../../modules/points-store/desk";
import type { DeskRaffle, DeskRaffleDraw } from "../../modules/raffle/desk";
import { fenToYuan } from "../../rules/money";

export const toDeskStoreItem = (i: DeskStoreItem): DeskStoreItemWire => ({
  Id: i.id,
  Kind: i.kind,
  Name: i.name,
  Description: i.description,
  Points: i.pointsPrice,
  Stock: i.stock,
  Limit: i.perUserLimit,
  OnSale: i.onSale,
  CouponGroupId: i.couponGroupId,
  Voucher: i.voucherFen === null ? null : fenToYuan(i.voucherFen),
  Order: i.sortOrder,
  Exchanged: i.exchanged,
  CreatedAt: i.createdAt.toISOString(),
});

export const toDeskStoreOrder = (o: DeskStoreOrder): DeskStoreOrderWire => ({
  Id: o.id,
  ItemName: o.itemName,
  Points: o.points,
  Status: o.status,
  AccountPhone: o.accountPhone,
  Recipient: o.recipient,
  Phone: o.maskedPhone,
  Address: o.address,
  Carrier: o.carrier,
  TrackingNo: o.trackingNo,
  CreatedAt: o.createdAt.toISOString(),
  ShippedAt: o.shippedAt?.toISOString() ?? null,
});

export const toDeskRaffle = (r: DeskRaffle): DeskRaffleWire => ({
  Code: r.event.code,
  Name: r.event.name,
  StartsAt: r.event.startsAt.toISOString(),
  EndsAt: r.event.endsAt.toISOString(),
  State: r.state,
  Prizes: r.prizes.map((p) => ({
    Id: p.id,
    Name: p.name,
    Kind: p.kind,
    Amount: p.kind === "voucher" ? fenToYuan(p.amount) : p.amount,
    Stock: p.stock,
    Weight: p.weight,
    Active: p.active,
  })),
  NoPrizeWeight: r.noPrizeWeight,
});

export const toDeskRaffleDraw = (d: DeskRaffleDraw): DeskRaffleDrawWire => ({
  Id: d.id,
  Phone: d.maskedPhone,
  CreatedAt: d.createdAt.toISOString(),
  Outcome: d.outcome,
  PrizeName: d.prizeName,
  RandomValue: d.randomValue,
  PickedPrizeId: d.pickedPrizeId,
  Odds: d.odds.map((o) => ({ PrizeId: o.prizeId, Name: o.name, Weight: o.weight, Stock: o.stock })),
});

export const toDeskPartner = (p: DeskPartner): DeskPartnerWire => ({
  UserId: p.userId,
  Phone: p.maskedPhone,
  Code: p.code,
  AgreedAt: p.agreedAt.toISOString(),
  Referred: p.referred,
  Settled: fenToYuan(p.settledFen),
  Withdrawn: fenToYuan(p.withdrawnFen),
});

export const toRefusedBinding = (r: RefusedBinding): DeskRefusedBindingWire => ({
  ReferredPhone: r.referredMaskedPhone,
  PartnerPhone: r.partnerMaskedPhone,
  PartnerCode: r.partnerCode,
  Reason: r.reason,
  RegisteredAt: r.registeredAt.toISOString(),
  DecidedAt: r.decidedAt.toISOString(),
});
