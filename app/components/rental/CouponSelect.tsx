import type { CouponChoiceWire, PickCouponsWire } from "~/upstream/instances.server";
import { FieldError } from "../ui/Field";
import { SelectBox } from "./form-parts";
import { formatWireMoney } from "../../../platform/rules/money";

/** "9折券", "满¥100.00减¥10.00" or "充值券 ¥10.00": what a coupon is, in the select. */
export function couponLabel(c: CouponChoiceWire): string {
  if (c.Type === 1) return `${Math.round(Number(c.Discount) * 1000) / 100}折券`;
  if (c.Type === 2)
    return Number(c.MoneyLimit) > 0
      ? `满${formatWireMoney(c.MoneyLimit)}减${formatWireMoney(c.Amount)}`
      : `立减${formatWireMoney(c.Amount)}`;
  return `充值券 ${formatWireMoney(c.Amount)}`;
}

/**
 * The rental's coupon (issue 12 §3): the applicable ones with their saving,
 * the best preselected (value "", so it is picked again when the order
 * changes); the others shown disabled with the reason they do
 * not apply; and 不使用优惠券. A native select, so it posts without JavaScript.
 */
export function CouponSelect({
  coupons,
  value,
  onChange,
  error,
}: {
  coupons: PickCouponsWire | null;
  value: string;
  onChange?: (value: string) => void;
  error?: string;
}) {
  const all = coupons?.all ?? [];
  const valid = coupons?.valid ?? [];
  const others = all.filter((c) => !c.Applicable);
  const best = coupons?.best_coupon_id ?? null;
  // "" is the best one, picked again when the order changes (with none applicable: no coupon).
  return (
    <div>
      <label htmlFor="rental-coupon">优惠券</label>
      <SelectBox
        id="rental-coupon"
        name="coupon"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "rental-coupon-error" : undefined}
      >
        {valid.map((c) => (
          <option key={c.CouponId} value={c.CouponId === best ? "" : String(c.CouponId)}>
            {couponLabel(c)}（省 {formatWireMoney(c.Saving)}）{c.CouponId === best ? " 最优" : ""}
          </option>
        ))}
        <option value={best === null ? "" : "0"}>不使用优惠券</option>
        {others.map((c) => (
          <option key={c.CouponId} value={String(c.CouponId)} disabled>
            {couponLabel(c)}：{c.Reason}
          </option>
        ))}
      </SelectBox>
      <FieldError id="rental-coupon-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </div>
  );
}
