import { Form, useSubmit } from "@remix-run/react";
import type { RenewalPreviewWire } from "~/upstream/renew.server";
import { renewInstancePath } from "~/utils/console-paths";
import { formatDateTime } from "~/utils/format";
import type { RenewChoice } from "~/utils/renew-choice";
import { discountText } from "../../../platform/rules/bill-explanation";
import { BILLING_MODE_LABELS, HOUR_PACKAGE_NOTE } from "../../../platform/rules/billing-mode-text";
import { formatWireMoney, yuanToFen } from "../../../platform/rules/money";
import { DURATION_DISCOUNT_BP } from "../../../platform/rules/price";
import { PACKAGE_LIMITS, PACKAGE_MODES } from "../../../platform/rules/rental-price";
import { FastPay } from "../payment/FastPay";
import { CouponSelect } from "../rental/CouponSelect";
import { SelectBox } from "../rental/form-parts";
import { PriceBreakdown } from "../rental/PriceBreakdown";
import { Button } from "../ui/Button";
import { Field, FieldError } from "../ui/Field";
import { Muted, Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

type Errors = Record<string, string | undefined>;

const COUNT_LABELS = { hour_package: "小时数", day: "天数", month: "月数" } as const;

/**
 * Step one of renewing: the unit, the count and the coupon, sent by GET so the
 * price below is computed without JavaScript (with it, each change sends the
 * form at once).
 */
export function RenewChoiceForm({
  uuid,
  choice,
  preview,
  errors,
}: {
  uuid: string;
  choice: RenewChoice;
  preview: RenewalPreviewWire | null;
  errors: Errors;
}) {
  const submit = useSubmit();
  const coupons = preview && {
    valid: preview.Coupons.filter((c) => c.Applicable),
    all: preview.Coupons,
    best_coupon_id: preview.BestCouponId,
  };
  return (
    <Form
      method="get"
      action={renewInstancePath(uuid)}
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
      data-testid="renew-choice"
    >
      <Row>
        <div>
          <label htmlFor="renew-unit">续费方式</label>
          <SelectBox id="renew-unit" name="unit" defaultValue={choice.unit}>
            {PACKAGE_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {BILLING_MODE_LABELS[mode]}（时长折扣 {discountText(DURATION_DISCOUNT_BP[mode])}）
              </option>
            ))}
          </SelectBox>
          <FieldError>{errors.unit ?? ""}</FieldError>
        </div>
        <Field
          label={`${COUNT_LABELS[choice.unit]}（${PACKAGE_LIMITS[choice.unit].min}–${PACKAGE_LIMITS[choice.unit].max}）`}
          name="count"
          type="number"
          min={PACKAGE_LIMITS[choice.unit].min}
          max={PACKAGE_LIMITS[choice.unit].max}
          defaultValue={String(choice.count)}
          error={errors.count}
        />
      </Row>
      <CouponSelect coupons={coupons} value={choice.coupon} error={errors.coupon} />
      <Button type="submit" data-testid="renew-quote">
        计算价格
      </Button>
    </Form>
  );
}

/**
 * Step two: the exact figures (price, term, how it is paid) and 确认续费, which
 * posts the choice the preview priced, the coupon included, with the key the
 * page made when it rendered (a resubmission charges nothing more).
 */
export function RenewConfirm({
  uuid,
  choice,
  preview,
  operationKey,
  billingMode,
}: {
  uuid: string;
  choice: RenewChoice;
  preview: RenewalPreviewWire;
  operationKey: string;
  billingMode: string;
}) {
  return (
    <Form method="post" action={renewInstancePath(uuid)} data-testid="renew-confirm-form">
      <PriceBreakdown preview={preview} chargedWhen="续费时" />
      <p data-testid="renew-term">
        续费周期：{formatDateTime(preview.PeriodStart)} 至 {formatDateTime(preview.PeriodEnd)}
        <br />
        <Muted>
          {billingMode === "hour"
            ? `按量计费实例将先结算至此刻的用量，之后转为${BILLING_MODE_LABELS[choice.unit]}，不再按小时扣费。`
            : preview.FromNow
              ? "套餐已到期：从现在起计算新的套餐时长，续费后可重新开机。"
              : "从当前到期时间起顺延。"}
        </Muted>
      </p>
      {choice.unit === "hour_package" && (
        <p data-testid="renew-hour-package-note">
          <Muted>{HOUR_PACKAGE_NOTE}</Muted>
        </p>
      )}
      {!preview.Affordable && <FastPay shortfallFen={yuanToFen(preview.Shortfall)} />}
      <input type="hidden" name="instance_uuid" value={uuid} />
      <input type="hidden" name="unit" value={choice.unit} />
      <input type="hidden" name="count" value={choice.count} />
      <input type="hidden" name="coupon" value={String(preview.Price.CouponId ?? 0)} />
      <input type="hidden" name="operation_key" value={operationKey} />
      <StatusButton intent="renew" type="submit" data-testid="renew-confirm" pendingText="续费中…">
        确认续费并支付 {formatWireMoney(preview.Price.Amount)}
      </StatusButton>
    </Form>
  );
}
