import { Form, useSubmit } from "@remix-run/react";
import { useRef, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { FieldError, Input, Select } from "~/components/ui/Field";
import { styled } from "~/components/ui/stitches.config";
import type { SelectorOptionsWire } from "~/upstream/market.server";
import {
  OFFER_SORT_LABELS,
  type OfferFilterErrors,
  type OfferFilterFields,
  type StoreMachineType,
} from "../../../platform/rules/market-filter";

const Bar = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$3",
  alignItems: "flex-start",
  "& > div": { display: "flex", flexDirection: "column", gap: "$1" },
  label: { fontSize: "$sm", color: "$mutedText" },
  "input[type=text]": { width: 96 },
});

/** The form: the filters (folded on a phone), then the order and 筛选. */
const Line = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$3",
  alignItems: "flex-start",
  "& > div": { display: "flex", flexDirection: "column", gap: "$1" },
  label: { fontSize: "$sm", color: "$mutedText" },
});

/**
 * On a phone the filters fold behind one button (a <details>, no JavaScript needed); on a wide screen its
 * summary is hidden and its content shown, open or not (`::details-content`, decision 069).
 */
const Fold = styled("details", {
  "&[open]": { flexBasis: "100%" },
  summary: {
    display: "inline-flex",
    alignItems: "center",
    minHeight: 40,
    padding: "0 $3",
    border: "1px solid $border",
    borderRadius: "$sm",
    cursor: "pointer",
    listStyle: "none",
    "&::-webkit-details-marker": { display: "none" },
    "&::after": { content: '"▾"', marginLeft: "$2" },
    "@mobile": { marginTop: 18 },
  },
  "&[open] summary": { marginBottom: "$3" },
  "&[open] summary::after": { content: '"▴"' },
  "@desktop": {
    flexBasis: "auto",
    summary: { display: "none" },
    "&::details-content": { contentVisibility: "visible", display: "contents" },
  },
});

const TYPING_DELAY_MS = 500;

type FilterName = keyof OfferFilterFields;

/** What a filter's control is given: its name, its id, and its error's mark and link. */
interface FilterControl {
  id: string;
  name: FilterName;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** One filter: its label, its control, and its error beneath (one error per field, spec §5). */
function FilterField({
  name,
  label,
  error,
  children,
}: {
  name: FilterName;
  label: string;
  error: string | undefined;
  children: (control: FilterControl) => ReactNode;
}) {
  const id = `filter-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id}>{label}</label>{" "}
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      <FieldError id={errorId} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>{" "}
    </div>
  );
}

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
  const chosen = Object.entries(typed).filter(([name, value]) => name !== "sort" && value).length;
  /** A select: `any` (when given) first, then each [value, text]. */
  const choice = (
    name: FilterName,
    label: string,
    any: string | null,
    items: readonly (readonly [string, string])[],
    testId?: string,
  ) => (
    <FilterField name={name} label={label} error={errors[name]}>
      {(control) => (
        <Select defaultValue={typed[name] ?? ""} {...control} data-testid={testId}>
          {any !== null && <option value="">{any}</option>}
          {items.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </FilterField>
  );
  const price = (name: "price_min" | "price_max", label: string, placeholder: string) => (
    <FilterField name={name} label={label} error={errors[name]}>
      {(control) => (
        <Input
          type="text"
          inputMode="decimal"
          placeholder={placeholder}
          defaultValue={typed[name] ?? ""}
          {...control}
        />
      )}
    </FilterField>
  );
  return (
    <Form method="get" action="/store" onChange={onChange} aria-label="筛选条件" data-testid="store-filters">
      <input type="hidden" name="type" value={type} />
      <Line>
        <Fold data-testid="filter-fold">
          <summary>筛选条件{chosen > 0 ? `（已选 ${chosen} 项）` : ""}</summary>
          <Bar>
            {choice(
              "region",
              "地区",
              "全部地区",
              options.Regions.map((r) => [r.Code, r.Name]),
            )}
            {choice(
              "gpu",
              "GPU型号",
              "全部型号",
              options.GpuModels.map((m) => [m.Code, m.Name]),
            )}
            {full && (
              <>
                {choice(
                  "gpu_count",
                  "GPU数量",
                  "不限",
                  options.GpuCounts.map((n) => [String(n), `${n} 卡`]),
                )}
                {choice(
                  "cuda",
                  "CUDA版本",
                  "不限",
                  options.CudaVersions.map((v) => [v, `≥ ${v}`]),
                )}
                {price("price_min", "最低价格（元/卡·时）", options.PriceMin)}
                {price("price_max", "最高价格（元/卡·时）", options.PriceMax)}
              </>
            )}
          </Bar>
        </Fold>
        {full && choice("sort", "排序", null, OFFER_SORT_LABELS, "offer-sort")}
        <Button type="submit" css={{ marginTop: 18 }}>
          筛选
        </Button>
      </Line>
    </Form>
  );
}
