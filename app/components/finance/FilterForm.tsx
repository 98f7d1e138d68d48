import { Form } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { Button } from "../ui/Button";
import { FieldError, Input } from "../ui/Field";
import { styled } from "../ui/stitches.config";

const Bar = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$3",
  alignItems: "flex-start",
  marginBottom: "$4",
  label: { display: "flex", flexDirection: "column", gap: "$1", fontSize: "$md" },
  select: {
    height: "$control",
    padding: "0 $2",
    border: "1px solid $border",
    borderRadius: "$sm",
    fontFamily: "$body",
    fontSize: "$md",
    backgroundColor: "white",
    color: "$text",
  },
  "select[aria-invalid=true]": { borderColor: "$error" },
});
const DateInput = styled(Input, { width: 160 });
const Actions = styled("div", { display: "flex", gap: "$2", alignSelf: "center", paddingTop: 4 });

/** A GET filter form: works without JavaScript, its query is the page's URL. */
export function FilterForm({ label, children, resetTo }: { label: string; children: ReactNode; resetTo: string }) {
  return (
    <Form method="get" aria-label={label}>
      <Bar>
        {children}
        <Actions>
          <Button type="submit" size="sm">
            查询
          </Button>
          <a href={resetTo}>重置</a>
        </Actions>
      </Bar>
    </Form>
  );
}

/** A labelled select with its error beneath it. */
export function SelectFilter({
  label,
  name,
  value,
  options,
  error,
}: {
  label: string;
  name: string;
  value: string;
  options: [string, string][];
  error?: string;
}) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {label}
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">全部</option>
        {options.map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </label>
  );
}

/** A labelled date input (YYYY-MM-DD) with its error beneath it. */
export function DateFilter({
  label,
  name,
  value,
  error,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
}) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {label}
      <DateInput
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </label>
  );
}
