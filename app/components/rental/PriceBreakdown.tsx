import type { ListPriceWire, RentalPreviewWire } from "~/upstream/instances.server";
import { Muted, Price } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { formatWireMoney } from "../../../platform/rules/money";
import { HOUR_PACKAGE_NOTE } from "../../../platform/rules/billing-mode-text";

const Lines = styled("dl", {
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "$1 $4",
  margin: "0 0 $3",
  dt: { color: "$mutedText" },
  dd: { margin: 0 },
});
const Total = styled("p", { fontSize: "$lg", margin: "$2 0" });

/** "9.8折" for 0.98, "无" for 1. */
export function factorText(factor: string): string {
  const value = Number(factor);
  return value >= 1 ? "无" : `${Math.round(value * 1000) / 100}折`;
}

/**
 * The rental's price as `/instance/preview_rental` computed it (the function
 * that charges): list price, the duration and membership discounts, the
 * coupon's saving, and the total in red; hourly shows the rate per hour and
 * that it is charged on the hour, by the second. A visitor's list price
 * (no wallet yet) says that signing in applies the membership and coupons.
 */
export function PriceBreakdown({
  preview,
  chargedWhen = "租用时",
}: {
  /** A rental's or a renewal's preview (with the wallet), or a visitor's list price. */
  preview: Pick<RentalPreviewWire, "Price" | "PayVoucher" | "PayCash" | "Affordable" | "Shortfall"> | ListPriceWire;
  /** When a package is charged: "租用时", "续费时". */
  chargedWhen?: string;
}) {
  const p = preview.Price;
  const hourly = p.BillingMode === "hour";
  const wallet = "Affordable" in preview ? preview : null;
  return (
    <div data-testid="rental-price" aria-live="polite">
      <Lines>
        <dt>单价</dt>
        <dd>
          {formatWireMoney(p.UnitPrice)}/卡·时 × {p.GpuCount} 卡{hourly ? "" : ` × ${p.Hours} 小时`}
        </dd>
        <dt>原价</dt>
        <dd data-testid="rental-list-amount">{formatWireMoney(p.ListAmount)}</dd>
        <dt>时长折扣</dt>
        <dd>{factorText(p.DurationDiscount)}</dd>
        <dt>会员折扣</dt>
        <dd>{factorText(p.VipDiscount)}</dd>
        {p.ExtraDisk && (
          <>
            <dt>数据盘扩容</dt>
            <dd data-testid="rental-extra-disk">{formatWireMoney(p.ExtraDisk)}（不打折）</dd>
          </>
        )}
        <dt>折后价</dt>
        <dd>{formatWireMoney(p.AfterDiscounts)}</dd>
        {!hourly && (
          <>
            <dt>优惠券</dt>
            <dd data-testid="rental-coupon-saving">{p.CouponId ? `-${formatWireMoney(p.CouponSaving)}` : "未使用"}</dd>
          </>
        )}
      </Lines>
      <Total>
        {hourly ? "每小时 " : "合计 "}
        <Price data-testid="rental-total">
          {hourly ? `${formatWireMoney(p.Amount)}/时` : formatWireMoney(p.Amount)}
        </Price>
      </Total>
      {hourly ? (
        <Muted>
          实例运行期间按秒计费，每小时整点扣费（实例将按 {formatWireMoney(p.Amount)}/时
          整点扣费）；创建与开机过程不计费。
        </Muted>
      ) : (
        wallet && (
          <Muted>
            {chargedWhen}一次扣费：算力券 {formatWireMoney(wallet.PayVoucher)}，余额 {formatWireMoney(wallet.PayCash)}
          </Muted>
        )
      )}
      {p.BillingMode === "hour_package" && (
        <p data-testid="rental-hour-package-note">
          <Muted>{HOUR_PACKAGE_NOTE}</Muted>
        </p>
      )}
      {wallet && !wallet.Affordable && (
        <p data-testid="rental-shortfall">
          <Muted>可用余额不足，还差 {formatWireMoney(wallet.Shortfall)}</Muted>
        </p>
      )}
      {!wallet && (
        <p data-testid="rental-list-price-note">
          <Muted>以上为原价；登录后按会员折扣与可用优惠券计算，点击「立即租用」登录后回到此配置。</Muted>
        </p>
      )}
    </div>
  );
}
