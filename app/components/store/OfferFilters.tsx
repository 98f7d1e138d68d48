import { Form, useSubmit } from "@remix-run/react";
import { useRef, type FormEvent } from "react";
import { Button } from "~/components/ui/Button";
import { FieldError, Input, Select } from "~/components/ui/Field";
import { styled } from "~/components/ui/stitches.config";
import type { SelectorOptionsWire } from "~/upstream/market.server";
import type { OfferFilterErrors, OfferFilterFields, StoreMachineType } from "../../../platform/rules/market-filter";

const Bar = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$3",
  alignItems: "flex-start",
  "& > div": { display: "flex", flexDirection: "column", gap: "$1" },
  label: { fontSize: "$sm", color: "$mutedText" },
  "input[type=text]": { width: 96 },
});

const TYPING_DELAY_MS = 500;

/**
 * The store's filters: a GET form, so every combination is a URL and 筛选
 * works without JavaScript. With JavaScript a change submits at once (typing a
 * price, after a pause), replacing the history entry, and only the results change.
 */
export function OfferFilters({
  type,
  options,
  typed,
  errors,
}: {
  type: StoreMachineType;
  options: SelectorOptionsWire;
  typed: OfferFilterFields;
  errors: OfferFilterErrors;
}) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const typing = (event.target as HTMLElement).tagName === "INPUT";
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => submit(form, { replace: true, preventScrollReset: true }),
      typing ? TYPING_DELAY_MS : 0,
    );
  };
  const full = type !== "bare_metal";
  return (
    <Form method="get" action="/store" onChange={onChange} aria-label="筛选条件" data-testid="store-filters">
      <input type="hidden" name="type" value={type} />
      <Bar>
        <div>
          <label htmlFor="filter-region">地区</label>{" "}
          <Select
            id="filter-region"
            name="region"
            defaultValue={typed.region ?? ""}
            aria-invalid={errors.region ? true : undefined}
          >
            <option value="">全部地区</option>
            {options.Regions.map((r) => (
              <option key={r.Code} value={r.Code}>
                {r.Name}
              </option>
            ))}
          </Select>
          <FieldError id="filter-region-error" role={errors.region ? "alert" : undefined}>
            {errors.region ?? ""}
          </FieldError>{" "}
        </div>
        <div>
          <label htmlFor="filter-gpu">GPU型号</label>{" "}
          <Select
            id="filter-gpu"
            name="gpu"
            defaultValue={typed.gpu ?? ""}
            aria-invalid={errors.gpu ? true : undefined}
          >
            <option value="">全部型号</option>
            {options.GpuModels.map((m) => (
              <option key={m.Code} value={m.Code}>
                {m.Name}
              </option>
            ))}
          </Select>
          <FieldError id="filter-gpu-error" role={errors.gpu ? "alert" : undefined}>
            {errors.gpu ?? ""}
          </FieldError>{" "}
        </div>
        {full && (
          <>
            <div>
              <label htmlFor="filter-gpu_count">GPU数量</label>{" "}
              <Select
                id="filter-gpu_count"
                name="gpu_count"
                defaultValue={typed.gpu_count ?? ""}
                aria-invalid={errors.gpu_count ? true : undefined}
              >
                <option value="">不限</option>
                {options.GpuCounts.map((n) => (
                  <option key={n} value={n}>
                    {n} 卡
                  </option>
                ))}
              </Select>
              <FieldError id="filter-gpu_count-error" role={errors.gpu_count ? "alert" : undefined}>
                {errors.gpu_count ?? ""}
              </FieldError>{" "}
            </div>
            <div>
              <label htmlFor="filter-cuda">CUDA版本</label>{" "}
              <Select
                id="filter-cuda"
                name="cuda"
                defaultValue={typed.cuda ?? ""}
                aria-invalid={errors.cuda ? true : undefined}
              >
                <option value="">不限</option>
                {options.CudaVersions.map((v) => (
                  <option key={v} value={v}>
                    ≥ {v}
                  </option>
                ))}
              </Select>
              <FieldError id="filter-cuda-error" role={errors.cuda ? "alert" : undefined}>
                {errors.cuda ?? ""}
              </FieldError>{" "}
            </div>
            <div>
              <label htmlFor="filter-price_min">最低价格（元/卡·时）</label>{" "}
              <Input
                type="text"
                inputMode="decimal"
                id="filter-price_min"
                name="price_min"
                placeholder={options.PriceMin}
                defaultValue={typed.price_min ?? ""}
                aria-invalid={errors.price_min ? true : undefined}
              />
              <FieldError id="filter-price_min-error" role={errors.price_min ? "alert" : undefined}>
                {errors.price_min ?? ""}
              </FieldError>{" "}
            </div>
            <div>
              <label htmlFor="filter-price_max">最高价格（元/卡·时）</label>{" "}
              <Input
                type="text"
                inputMode="decimal"
                id="filter-price_max"
                name="price_max"
                placeholder={options.PriceMax}
                defaultValue={typed.price_max ?? ""}
                aria-invalid={errors.price_max ? true : undefined}
              />
              <FieldError id="filter-price_max-error" role={errors.price_max ? "alert" : undefined}>
                {errors.price_max ?? ""}
              </FieldError>{" "}
            </div>
          </>
        )}
        <Button type="submit" css={{ marginTop: 18 }}>
          筛选
        </Button>
      </Bar>
    </Form>
  );
}
