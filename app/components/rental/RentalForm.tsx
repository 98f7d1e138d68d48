import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FastPay, FAST_PAY_REASON } from "../payment/FastPay";
import { Button } from "../ui/Button";
import { Field, FieldError } from "../ui/Field";
import { Muted, Price } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { formatWireMoney, yuanToFen } from "../../../platform/rules/money";
import { BILLING_MODE_LABELS, packageLengthText } from "../../../platform/rules/billing-mode-text";
import { BILLING_MODES, PACKAGE_LIMITS, PACKAGE_MODES } from "../../../platform/rules/rental-price";
import { isUnverifiedCapReason } from "../../../platform/rules/verification-unlocks";
import { VERIFICATION_PATH } from "~/utils/console-paths";
import type { FieldErrors } from "~/utils/action.server";
import {
  DURATION_FIELDS,
  MAX_GPUS_PER_INSTANCE,
  monthsLabel,
  rentalChoiceQuery,
  type RentalChoice,
} from "~/utils/rental-choice";
import type { RentalQuote } from "~/utils/rental.server";
import { CouponSelect } from "./CouponSelect";
import { Choice, ChoiceLine, RadioLine, RentBar, RentBarTotal, RentLayout, RentSummary, SelectBox } from "./form-parts";
import { PriceBreakdown } from "./PriceBreakdown";

/** The accessible names of the package length selects (the journeys choose by them). */
const LENGTH_SELECT_NAMES = { hour_package: "包时小时数", day: "包日天数", month: "包月时长" } as const;

export interface RentalImage {
  id: number;
  /** Framework, version and CUDA. */
  name: string;
  python: string | null;
  /** One of the caller's own custom images (listed under 我的镜像, decision 088). */
  mine: boolean;
  /** Every host of the offer with a free GPU holds it: no pull before creating (official images always). */
  cached: boolean;
}

/** The official images, then (when the caller has any) its own under 我的镜像. */
function ImageOptions({ images }: { images: RentalImage[] }) {
  const options = (list: RentalImage[]) =>
    list.map((image) => (
      <option key={image.id} value={image.id}>
        {image.name}
      </option>
    ));
  const mine = images.filter((i) => i.mine);
  if (mine.length === 0) return <>{options(images)}</>;
  return (
    <>
      <optgroup label="官方镜像">{options(images.filter((i) => !i.mine))}</optgroup>
      <optgroup label="我的镜像">{options(mine)}</optgroup>
    </>
  );
}

/** What the page's loader gives the form, and what the live preview's fetcher brings back. */
export interface RentalView {
  /** The choice whose price is shown (its coupon and image decided). */
  shown: RentalChoice;
  quote: RentalQuote;
  images: RentalImage[];
  /** The name typed before 计算价格. */
  typedName: string;
}

interface ActionOutcome {
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
}

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** The GPU counts on offer: 1 to the free GPUs of one host (at most 8), and at least the one chosen. */
function gpuCounts(quote: RentalQuote, chosen: number): number[] {
  const free = quote.preview?.FreeGpus ?? MAX_GPUS_PER_INSTANCE;
  return range(1, Math.max(1, Math.min(MAX_GPUS_PER_INSTANCE, Math.max(free, chosen))));
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return (
    <FieldError id={id} role={error ? "alert" : undefined}>
      {error ?? ""}
    </FieldError>
  );
}

/**
 * The rental form (issue 12 §3). Native selects and radios in one POST form:
 * without JavaScript, 计算价格 (a GET of the same page) shows the price of the
 * choice for confirmation, and 立即租用 rents it; with JavaScript, each change
 * loads the price through a fetcher (the page's loader), without a reload.
 * The form posts to the URL of the choice whose price is shown, so the action
 * can tell a changed choice from a confirmed one.
 */
export function RentalForm({
  view,
  operationKey,
  result,
}: {
  view: RentalView;
  operationKey: string;
  result: ActionOutcome | null;
}) {
  const fetcher = useFetcher<RentalView>();
  const [choice, setChoice] = useState<RentalChoice>(view.shown);
  const current = fetcher.data ?? view;
  const { quote, images } = current;

  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (fetcher.data && fetcher.state === "idle") setChoice((c) => ({ ...c, coupon: fetcher.data!.shown.coupon }));
  }, [fetcher.data, fetcher.state]);

  const update = (patch: Partial<RentalChoice>) => {
    const next = { ...choice, ...patch };
    setChoice(next);
    fetcher.load(`/createInstance?${rentalChoiceQuery(next)}`);
  };

  // What was chosen before the page's JavaScript arrived (a slow connection) is the choice: the
  // fields are controlled from here on, and would otherwise snap back to the server's at the next change.
  useEffect(() => {
    const chosen = form.current && choiceInForm(form.current, choice);
    if (chosen && rentalChoiceQuery(chosen) !== rentalChoiceQuery(choice)) update(chosen);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const errors: FieldErrors = { ...quote.fieldErrors, ...(result?.fieldErrors ?? {}) };
  if (!errors.gpus && quote.preview && quote.preview.FreeGpus < choice.gpus)
    errors.gpus =
      quote.preview.FreeGpus > 0 ? `当前单台主机最多空闲 ${quote.preview.FreeGpus} 卡` : "该配置暂无空闲GPU";
  const formError = result?.formError ?? quote.formError;
  const actionUrl = `/createInstance?${rentalChoiceQuery(current.shown)}`;
  const loading = fetcher.state !== "idle";
  const preview = quote.preview;
  // With JavaScript the price follows every change: 计算价格 is the way without it.
  const hydrated = useHydrated();
  const chosenImage = images.find((image) => image.id === choice.image);

  return (
    <Form ref={form} method="post" action={actionUrl} data-testid="rental-form">
      <input type="hidden" name="operation_key" value={operationKey} />
      <input type="hidden" name="type" value={choice.type} />
      <input type="hidden" name="region" value={choice.region} />
      <input type="hidden" name="gpu" value={choice.gpu} />

      <RentLayout>
        <div>
          <Choice>
            <legend>配置</legend>
            <ChoiceLine>
              <div>
                <label htmlFor="rental-gpus">GPU 数量</label>
                <SelectBox
                  id="rental-gpus"
                  name="gpus"
                  value={String(choice.gpus)}
                  onChange={(e) => update({ gpus: Number(e.target.value) })}
                  aria-invalid={errors.gpus ? true : undefined}
                  aria-describedby="rental-gpus-error"
                >
                  {gpuCounts(quote, choice.gpus).map((n) => (
                    <option key={n} value={n}>
                      {n} 卡
                    </option>
                  ))}
                </SelectBox>
                <ErrorText id="rental-gpus-error" error={errors.gpus} />
                {isUnverifiedCapReason(errors.gpus) && <Link to={VERIFICATION_PATH}>去实名认证</Link>}
              </div>
              <div>
                <label htmlFor="rental-image">镜像</label>
                <SelectBox
                  id="rental-image"
                  name="image"
                  value={String(choice.image)}
                  onChange={(e) => update({ image: Number(e.target.value) })}
                  aria-invalid={errors.image ? true : undefined}
                  aria-describedby="rental-image-error"
                >
                  <ImageOptions images={images} />
                </SelectBox>
                {chosenImage?.python && <Muted data-testid="rental-image-python">Python {chosenImage.python}</Muted>}
                {chosenImage?.python && <Muted aria-hidden> · </Muted>}
                {chosenImage && (
                  <Muted data-testid="rental-image-cache">
                    {chosenImage.cached ? "已缓存，启动更快" : "未缓存：主机需先拉取该镜像，创建会慢一些"}
                  </Muted>
                )}
                <ErrorText id="rental-image-error" error={errors.image} />
              </div>
            </ChoiceLine>
            {preview && <Muted data-testid="rental-free">当前空闲 {preview.FreeGpus} 卡（单台主机）</Muted>}
            <ErrorText id="rental-offer-error" error={errors.type ?? errors.region ?? errors.gpu} />
          </Choice>

          <Choice>
            <legend>计费方式</legend>
            <RadioLine>
              <label>
                <input
                  type="radio"
                  name="mode"
                  value="hour"
                  checked={choice.mode === "hour"}
                  onChange={() => update({ mode: "hour" })}
                />
                {BILLING_MODE_LABELS.hour}
              </label>
            </RadioLine>
            {PACKAGE_MODES.map((mode) => {
              const field = DURATION_FIELDS[mode];
              const { min, max } = PACKAGE_LIMITS[mode];
              return (
                <div key={mode}>
                  <RadioLine>
                    <label>
                      <input
                        type="radio"
                        name="mode"
                        value={mode}
                        checked={choice.mode === mode}
                        onChange={() => update({ mode })}
                      />
                      {BILLING_MODE_LABELS[mode]}
                    </label>
                    <SelectBox
                      name={field}
                      aria-label={LENGTH_SELECT_NAMES[mode]}
                      value={String(choice[field])}
                      onChange={(e) => update({ mode, [field]: Number(e.target.value) })}
                      aria-invalid={errors[field] ? true : undefined}
                      aria-describedby={`rental-${field}-error`}
                    >
                      {range(min, max).map((n) => (
                        <option key={n} value={n}>
                          {mode === "month" ? monthsLabel(n) : packageLengthText(mode, n)}
                        </option>
                      ))}
                    </SelectBox>
                  </RadioLine>
                  <ErrorText id={`rental-${field}-error`} error={errors[field]} />
                </div>
              );
            })}
            <ErrorText id="rental-mode-error" error={errors.mode} />
          </Choice>

          <Choice>
            <legend>优惠</legend>
            <CouponSelect
              coupons={quote.coupons}
              value={choice.coupon}
              onChange={(coupon) => update({ coupon })}
              error={errors.coupon}
            />
          </Choice>

          <Field
            label="实例名称（可选）"
            name="name"
            maxLength={30}
            defaultValue={result?.values.name ?? view.typedName}
            placeholder="默认：GPU 型号 + 实例"
            error={errors.name}
          />
        </div>

        {/* The summary: beside the choices and in view on a wide screen; on a phone its bar stays at the bottom. */}
        <RentSummary data-testid="rental-summary">
          <Choice>
            <legend>费用</legend>
            {preview ? <PriceBreakdown preview={preview} /> : <Muted>请先修正上面的选择</Muted>}
          </Choice>

          {formError && (
            <p role="alert" data-testid="rental-error">
              <FieldError as="span">{formError}</FieldError>
            </p>
          )}
          {result?.formError === FAST_PAY_REASON && preview && "Shortfall" in preview && (
            <FastPay shortfallFen={yuanToFen(preview.Shortfall)} />
          )}

          <RentBar data-testid="rental-bar">
            <RentBarTotal aria-hidden>
              {preview ? (
                <>
                  {preview.Price.BillingMode === "hour" ? "每小时 " : "合计 "}
                  <Price data-testid="rental-bar-total">
                    {formatWireMoney(preview.Price.Amount)}
                    {preview.Price.BillingMode === "hour" && "/时"}
                  </Price>
                </>
              ) : (
                "—"
              )}
            </RentBarTotal>
            {!hydrated && (
              <Button
                type="submit"
                name="intent"
                value="preview"
                variant="secondary"
                formMethod="get"
                formAction="/createInstance"
              >
                计算价格
              </Button>
            )}
            <StatusButton
              intent="rent"
              formAction={actionUrl}
              pendingText="租用中…"
              {...(loading || !preview ? { disabled: true } : {})}
            >
              立即租用
            </StatusButton>
          </RentBar>
        </RentSummary>
      </RentLayout>
    </Form>
  );
}

/** The choice as the form's fields hold it now, over `base` (the fields it does not have). */
function choiceInForm(form: HTMLFormElement, base: RentalChoice): RentalChoice {
  const data = new FormData(form);
  const number = (name: string, fallback: number) => {
    const value = Number(data.get(name));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const mode = data.get("mode");
  return {
    ...base,
    gpus: number("gpus", base.gpus),
    image: number("image", base.image),
    mode: BILLING_MODES.find((m) => m === mode) ?? base.mode,
    hours: number("hours", base.hours),
    days: number("days", base.days),
    months: number("months", base.months),
    coupon: typeof data.get("coupon") === "string" ? String(data.get("coupon")) : base.coupon,
  };
}
