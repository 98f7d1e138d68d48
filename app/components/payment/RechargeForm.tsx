import { Form, Link, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { PayType } from "~/upstream/payments.server";
import { rechargePath } from "~/utils/paths";
import { Field } from "../ui/Field";
import { StatusButton } from "../ui/StatusButton";
import { styled } from "../ui/stitches.config";
import { AMOUNT_PRESETS, PAY_TYPE_OPTIONS } from "./pay-types";
import { formatWireMoney } from "../../../platform/rules/money";

const Presets = styled("div", { display: "flex", gap: "$2", flexWrap: "wrap", margin: "0 0 $3" });
const preset = {
  padding: "$1 $3",
  border: "1px solid $border",
  borderRadius: "$sm",
  backgroundColor: "white",
  color: "$text",
  fontSize: "$md",
  cursor: "pointer",
  textDecoration: "none",
  "&[aria-pressed=true], &[aria-current=true]": { borderColor: "$primary", color: "$primaryText" },
};
const PresetButton = styled("button", preset);
const PresetLink = styled(Link, preset);
const Choices = styled("fieldset", {
  border: "none",
  padding: 0,
  margin: "0 0 $3",
  display: "flex",
  gap: "$3",
  flexWrap: "wrap",
  legend: { marginBottom: "$2", fontSize: "$md" },
  label: {
    display: "flex",
    gap: "$2",
    alignItems: "center",
    padding: "$2 $3",
    border: "1px solid $border",
    borderRadius: "$sm",
  },
  small: { color: "$mutedText" },
});
const ErrorText = styled("p", { color: "$errorText", margin: "0 0 $3", fontSize: "$sm" });

export interface RechargeFormValues {
  amount: string;
  payType: PayType;
}

export interface RechargeFormErrors {
  amount?: string | null;
  payType?: string | null;
  form?: string | null;
}

/**
 * The top-up form (spec §5): amount with presets, pay type, submit. It posts
 * to /console/recharge. On that page without JavaScript the presets are links
 * that fill the amount in; with JavaScript they set it in place. With a
 * `fetcher` and JavaScript, the reply comes back in place (the dialog) instead
 * of a new page; the fetcher's form is a plain form until then.
 */
export function RechargeForm({
  values,
  errors = {},
  fetcher,
}: {
  values: RechargeFormValues;
  errors?: RechargeFormErrors;
  fetcher?: FetcherWithComponents<unknown>;
}) {
  const hydrated = useHydrated();
  const [amount, setAmount] = useState(values.amount);
  const form = useRef<HTMLFormElement>(null);
  const amountInput = () => form.current?.elements.namedItem("amount") as HTMLInputElement | null;
  // The field stays uncontrolled: what was typed before the page's JavaScript arrived (a slow
  // connection) is kept, and read back once it has; a preset writes into the field itself.
  useEffect(() => {
    const input = amountInput();
    if (input) setAmount(input.value);
  }, []);
  const choosePreset = (value: string) => {
    const input = amountInput();
    if (input) input.value = value;
    setAmount(value);
  };
  const FormTag = fetcher ? fetcher.Form : Form;
  return (
    <FormTag ref={form} method="post" action="/console/recharge" noValidate>
      {fetcher && hydrated && <input type="hidden" name="reply" value="dialog" />}
      <Presets role="group" aria-label="常用金额">
        {AMOUNT_PRESETS.map((value) =>
          hydrated ? (
            <PresetButton key={value} type="button" aria-pressed={amount === value} onClick={() => choosePreset(value)}>
              {formatWireMoney(value)}
            </PresetButton>
          ) : (
            <PresetLink key={value} to={rechargePath(value)} aria-current={amount === value ? true : undefined}>
              {formatWireMoney(value)}
            </PresetLink>
          ),
        )}
      </Presets>
      <Field
        label="充值金额（元）"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        maxLength={80}
        defaultValue={values.amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        error={errors.amount}
      />
      <Choices>
        <legend>支付方式</legend>
        {PAY_TYPE_OPTIONS.map((option) => (
          <label key={option.value}>
            <input type="radio" name="pay_type" value={option.value} defaultChecked={option.value === values.payType} />
            {option.label}
            <small>{option.hint}</small>
          </label>
        ))}
      </Choices>
      {errors.payType && <ErrorText role="alert">{errors.payType}</ErrorText>}
      {errors.form && <ErrorText role="alert">{errors.form}</ErrorText>}
      <StatusButton intent="pay" formAction="/console/recharge" pendingText="正在生成订单…">
        立即充值
      </StatusButton>
    </FormTag>
  );
}
