import type { StopRefundPreviewWire, StopWithRefundWire } from "../../contract/instances-refund";
import type { StoppedWithRefund, StopRefundPreview } from "../../modules/instances/refund";
import { fenToYuan } from "../../rules/money";
import { REFUND_RULE_TEXT } from "../../rules/package-refund";
import { toInstanceWire } from "./instances";

export function toStopRefundPreviewWire(p: StopRefundPreview): StopRefundPreviewWire {
  const r = p.refund;
  return {
    Instance: toInstanceWire(p.instance),
    Rule: REFUND_RULE_TEXT,
    UnusedDays: r.unusedDays,
    RefundFrom: r.refundFrom.toISOString(),
    PackageExpiresAt: r.until.toISOString(),
    Lines: r.lines.map((l) => ({
      OrderNo: l.orderNo,
      PeriodSeconds: Math.floor(l.periodMs / 1000),
      UnusedSeconds: Math.floor(l.unusedMs / 1000),
      UnusedValue: fenToYuan(l.unusedValueFen),
      CouponSaving: fenToYuan(l.couponSavingFen),
      Refund: fenToYuan(l.refundFen),
      RefundVoucher: fenToYuan(l.voucherFen),
      RefundCash: fenToYuan(l.cashFen),
    })),
    RefundVoucher: fenToYuan(r.voucherFen),
    RefundCash: fenToYuan(r.cashFen),
    Refund: fenToYuan(r.totalFen),
    RefundFen: r.totalFen,
    Explanation: p.explanation,
  };
}

export function toStopWithRefundWire(s: StoppedWithRefund): StopWithRefundWire {
  return {
    Instance: toInstanceWire(s.instance),
    UnusedDays: s.unusedDays,
    RefundVoucher: fenToYuan(s.voucherFen),
    RefundCash: fenToYuan(s.cashFen),
    Refund: fenToYuan(s.voucherFen + s.cashFen),
    Explanation: s.explanation,
    Replayed: s.replayed,
  };
}
