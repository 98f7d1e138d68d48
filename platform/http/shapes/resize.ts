import type {
  DiskOptionWire,
  ResizeOptionsWire,
  ResizeOptionWire,
  UpgradeSpecWire,
} from "../../contract/instances-resize";
import type { DiskGrowthResult } from "../../modules/instances/disk-growth";
import type { ResizeOptions, ResizeResult } from "../../modules/instances/resize";
import type { DiskGrowthQuote } from "../../rules/data-disk-growth";
import { fenToYuan } from "../../rules/money";
import type { ResizeQuote } from "../../rules/instance-resize";
import { toInstanceWire } from "./instances";

function toResizeOptionWire(q: ResizeQuote, hourlyPriceFen: number): ResizeOptionWire {
  const hourly = q.kind === "hourly";
  const refundFen = q.kind === "package_downgrade" ? q.refundFen : 0;
  return {
    GpuCount: q.toGpuCount,
    Kind: q.kind,
    HourlyPrice: fenToYuan(hourly ? q.toRateFen : hourlyPriceFen),
    Charge: fenToYuan(q.kind === "package_upgrade" ? q.chargeFen : 0),
    Refund: fenToYuan(refundFen),
    RefundFen: refundFen,
    RemainingSeconds: hourly ? 0 : q.remainingSeconds,
    Explanation: q.explanation,
  };
}

const toDiskOptionWire = (q: DiskGrowthQuote): DiskOptionWire => ({
  Kind: q.kind,
  DataDiskGb: q.toDataDiskGb,
  AddedGb: q.addedGb,
  GbMonthPrice: fenToYuan(q.gbMonthFen),
  Charge: fenToYuan(q.chargeFen),
  RemainingSeconds: q.remainingSeconds,
  DiskHourPrice: fenToYuan(q.toHourFen),
  Explanation: q.explanation,
});

export function toResizeOptionsWire(o: ResizeOptions): ResizeOptionsWire {
  return {
    Instance: toInstanceWire(o.instance),
    Blocked: o.blocked,
    Options: o.options.map((q) => toResizeOptionWire(q, o.instance.hourlyPriceFen)),
    DiskBlocked: o.disk.blocked,
    DiskOptions: o.disk.options.map(toDiskOptionWire),
  };
}

export function toDiskGrowthWire(r: DiskGrowthResult): UpgradeSpecWire {
  return {
    Instance: toInstanceWire(r.instance),
    Option: null,
    DiskOption: r.quote && toDiskOptionWire(r.quote),
    OrderNo: r.orderNo,
    PaidVoucher: fenToYuan(r.paidVoucherFen),
    PaidCash: fenToYuan(r.paidCashFen),
    RefundVoucher: fenToYuan(0),
    RefundCash: fenToYuan(0),
    Replayed: r.replayed,
  };
}

export function toUpgradeSpecWire(r: ResizeResult): UpgradeSpecWire {
  return {
    Instance: toInstanceWire(r.instance),
    Option: r.quote && toResizeOptionWire(r.quote, r.instance.hourlyPriceFen),
    DiskOption: null,
    OrderNo: r.orderNo,
    PaidVoucher: fenToYuan(r.paidVoucherFen),
    PaidCash: fenToYuan(r.paidCashFen),
    RefundVoucher: fenToYuan(r.refundVoucherFen),
    RefundCash: fenToYuan(r.refundCashFen),
    Replayed: r.replayed,
  };
}
