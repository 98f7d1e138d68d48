import type { RenewalPreviewWire, RenewalWire } from "../../contract/instances-renew";
import type { RenewalPreview, RenewedInstance } from "../../modules/instances/renew";
import { fenToYuan } from "../../rules/money";
import { toCouponChoiceWire, toInstanceWire, toPriceBreakdownWire } from "./instances";

export const toRenewalPreviewWire = (p: RenewalPreview): RenewalPreviewWire => ({
  Price: toPriceBreakdownWire(p.price),
  PeriodStart: p.term.periodStart.toISOString(),
  PeriodEnd: p.term.periodEnd.toISOString(),
  FromNow: p.term.fromNow,
  PayVoucher: fenToYuan(p.payVoucherFen),
  PayCash: fenToYuan(p.payCashFen),
  Affordable: p.affordable,
  Shortfall: fenToYuan(p.shortfallFen),
  Coupons: [...p.coupons.valid, ...p.coupons.all.filter((c) => !c.applicable)].map(toCouponChoiceWire),
  BestCouponId: p.coupons.best?.id ?? null,
});

export const toRenewalWire = (r: RenewedInstance): RenewalWire => ({
  Instance: toInstanceWire(r.instance),
  OrderNo: r.orderNo,
  Price: toPriceBreakdownWire(r.price),
  PeriodStart: r.periodStart.toISOString(),
  PeriodEnd: r.periodEnd.toISOString(),
  PaidVoucher: fenToYuan(r.paidVoucherFen),
  PaidCash: fenToYuan(r.paidCashFen),
  Replayed: r.replayed,
});
