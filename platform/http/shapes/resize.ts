import type { ResizeOptionsWire, ResizeOptionWire, UpgradeSpecWire } from "../../contract/instances-resize";
import type { ResizeOptions, ResizeResult } from "../../modules/instances/resize";
import { fenToYuan } from "../../rules/money";
import type { ResizeQuote } from "../../rules/instance-resize";
import { toInstanceWire } from "./instances";

function toResizeOptionWire(q: ResizeQuote, hourlyPriceFen: number): ResizeOptionWire {
  const hourly = q.kind === "hourly";
  return {
    GpuCount: q.toGpuCount,
    Kind: q.kind,
    HourlyPrice: fenToYuan(hourly ? q.toRateFen : hourlyPriceFen),
    Charge: fenToYuan(hourly ? 0 : q.chargeFen),
    RemainingSeconds: hourly ? 0 : q.remainingSeconds,
    Explanation: q.explanation,
  };
}

export function toResizeOptionsWire(o: ResizeOptions): ResizeOptionsWire {
  return {
    Instance: toInstanceWire(o.instance),
    Blocked: o.blocked,
    Options: o.options.map((q) => toResizeOptionWire(q, o.instance.hourlyPriceFen)),
  };
}

export function toUpgradeSpecWire(r: ResizeResult): UpgradeSpecWire {
  return {
    Instance: toInstanceWire(r.instance),
    Option: r.quote && toResizeOptionWire(r.quote, r.instance.hourlyPriceFen),
    OrderNo: r.orderNo,
    PaidVoucher: fenToYuan(r.paidVoucherFen),
    PaidCash: fenToYuan(r.paidCashFen),
    Replayed: r.replayed,
  };
}
