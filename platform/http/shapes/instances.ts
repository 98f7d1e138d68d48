import type {
  CouponChoiceWire,
  CreateInstanceWire,
  InstanceAccessWire,
  InstanceChargeWire,
  InstanceDetailWire,
  InstanceListItemWire,
  InstanceWire,
  ListPriceWire,
  PickCouponsWire,
  PriceBreakdownWire,
  RentalPreviewWire,
} from "../../contract/instances";
import type { PageWire } from "../../contract/page";
import type { CreatedInstance } from "../../modules/instances/create";
import type { InstanceAccessShown, InstanceCharge, InstanceDetail } from "../../modules/instances/detail";
import type { InstanceListItem } from "../../modules/instances/list";
import type { Page } from "../../modules/page";
import { discountFigure, type PriceBreakdown } from "../../modules/instances/price";
import type { CouponChoice } from "../../modules/instances/rental-coupons";
import type { CouponPick, ListPricePreview, RentalPreview } from "../../modules/instances/preview";
import type { Instance } from "../../modules/instances/view";
import { fenToYuan, formatMoney } from "../../rules/money";
import { toPage } from "./page";

export function toPriceBreakdownWire(p: PriceBreakdown): PriceBreakdownWire {
  return {
    BillingMode: p.billingMode,
    UnitPrice: fenToYuan(p.unitPriceFen),
    GpuCount: p.gpuCount,
    Hours: p.hours,
    Duration: p.duration,
    ListAmount: fenToYuan(p.listFen),
    DurationDiscount: discountFigure(p.durationDiscountBp),
    VipDiscount: discountFigure(p.vipDiscountBp),
    AfterDiscounts: fenToYuan(p.afterDiscountsFen),
    CouponId: p.couponId,
    CouponSaving: fenToYuan(p.couponSavingFen),
    Amount: fenToYuan(p.amountFen),
    ...(p.extraDiskFen ? { ExtraDisk: fenToYuan(p.extraDiskFen) } : {}),
  };
}

export const toRentalPreviewWire = (p: RentalPreview): RentalPreviewWire => ({
  Price: toPriceBreakdownWire(p.price),
  PayVoucher: fenToYuan(p.payVoucherFen),
  PayCash: fenToYuan(p.payCashFen),
  Affordable: p.affordable,
  Shortfall: fenToYuan(p.shortfallFen),
  FreeGpus: p.freeGpus,
});

export const toListPriceWire = (p: ListPricePreview): ListPriceWire => ({
  Price: toPriceBreakdownWire(p.price),
  FreeGpus: p.freeGpus,
});

export const toCouponChoiceWire = (c: CouponChoice): CouponChoiceWire => ({
  CouponId: c.coupon.id,
  Type: c.coupon.type,
  Amount: c.coupon.type === 2 ? fenToYuan(c.coupon.amountFen) : "0.00",
  Discount: c.coupon.type === 1 ? discountFigure(c.coupon.discountBp) : "1",
  MoneyLimit: fenToYuan(c.coupon.moneyLimitFen),
  ExpiresAt: c.coupon.expiresAt.toISOString(),
  Saving: fenToYuan(c.savingFen),
  Applicable: c.applicable,
  Reason: c.reason,
});

export const toPickCouponsWire = (p: CouponPick): PickCouponsWire => ({
  valid: p.valid.map(toCouponChoiceWire),
  all: p.all.map(toCouponChoiceWire),
  best_coupon_id: p.bestCouponId,
});

export function toInstanceWire(i: Instance): InstanceWire {
  return {
    InstanceUuid: i.uuid,
    Name: i.name,
    MachineType: i.machineType,
    RegionCode: i.regionCode,
    RegionName: i.regionName,
    GpuModel: i.gpuModelCode,
    GpuName: i.gpuName,
    GpuCount: i.gpuCount,
    ImageName: i.imageName,
    DataDiskGb: i.dataDiskGb,
    State: i.state,
    StopReason: i.stopReason,
    BillingMode: i.billingMode,
    PackageExpiresAt: i.packageExpiresAt?.toISOString() ?? null,
    ReleaseAt: i.releaseAt?.toISOString() ?? null,
    HourlyPrice: fenToYuan(i.hourlyPriceFen),
    NoGpu: i.noGpu,
    CostSoFar: fenToYuan(i.costFen),
    Unsettled: fenToYuan(i.unsettledFen),
    HostName: i.hostName,
    HostGpuFree: i.hostGpuFree,
    HostGpuTotal: i.hostGpuTotal,
    SubAccountName: i.subAccountName,
    CreatedAt: i.createdAt.toISOString(),
  };
}

const toInstanceAccessWire = (a: InstanceAccessShown | null): InstanceAccessWire | null =>
  a && {
    SshHost: a.sshHost,
    SshPort: a.sshPort,
    SshCommand: a.sshCommand,
    SshPassword: a.sshPassword,
    JupyterUrl: a.jupyterUrl,
  };

export const toInstancePageWire = (page: Page<InstanceListItem>): PageWire<InstanceListItemWire> =>
  toPage(page, (i) => ({ ...toInstanceWire(i), Access: toInstanceAccessWire(i.access) }));

/** The formula of a charge in words and figures, e.g. "3600 秒 × 1 卡 × ¥1.98/卡·时 × 1 × 0.98 = ¥1.94". */
function explanation(i: Instance, c: InstanceCharge): string {
  if (c.kind === "settlement") {
    // The prices it was settled at (a resize or a start without GPU changes the instance's, decision 086).
    const r = c.rate ?? i;
    // Its extra data disk (decision 093), settled with it.
    const disk = c.rate?.extraDiskMonthFen
      ? ` + ${c.seconds} 秒 × 数据盘扩容 ${formatMoney(c.rate.extraDiskMonthFen)}/月`
      : "";
    if (r.gpuCount === 0)
      return `${c.seconds} 秒 × 无卡模式 ${formatMoney(r.unitPriceFen)}/时${disk} = ${formatMoney(c.amountFen)}`;
    return `${c.seconds} 秒 × ${r.gpuCount} 卡 × ${formatMoney(r.unitPriceFen)}/卡·时 × ${discountFigure(r.durationDiscountBp)} × ${discountFigure(r.vipDiscountBp)}${disk} = ${formatMoney(c.amountFen)}`;
  }
  const p = c.price;
  if (!p) return `${formatMoney(c.amountFen)}`;
  const coupon = p.couponSavingFen > 0 ? ` − 优惠券 ${formatMoney(p.couponSavingFen)}` : "";
  return `${p.hours} 小时 × ${p.gpuCount} 卡 × ${formatMoney(p.unitPriceFen)}/卡·时 × ${discountFigure(p.durationDiscountBp)} × ${discountFigure(p.vipDiscountBp)}${coupon} = ${formatMoney(p.amountFen)}`;
}

export const toInstanceChargeWire = (i: Instance, c: InstanceCharge): InstanceChargeWire => ({
  Kind: c.kind,
  At: c.at.toISOString(),
  PeriodStart: c.periodStart.toISOString(),
  PeriodEnd: c.periodEnd.toISOString(),
  Seconds: c.seconds,
  Amount: fenToYuan(c.amountFen),
  PaidVoucher: fenToYuan(c.paidVoucherFen),
  PaidCash: fenToYuan(c.paidCashFen),
  Explanation: explanation(i, c),
});

export const toInstanceDetailWire = (d: InstanceDetail): InstanceDetailWire => ({
  ...toInstanceWire(d),
  Access: toInstanceAccessWire(d.access),
  Charges: d.charges.map((c) => toInstanceChargeWire(d, c)),
  RetentionDays: d.retentionDays,
});

export const toCreateInstanceWire = (c: CreatedInstance): CreateInstanceWire => ({
  Instance: toInstanceWire(c.instance),
  OrderNo: c.orderNo,
  Price: toPriceBreakdownWire(c.price),
  PaidVoucher: fenToYuan(c.paidVoucherFen),
  PaidCash: fenToYuan(c.paidCashFen),
  Replayed: c.replayed,
});
