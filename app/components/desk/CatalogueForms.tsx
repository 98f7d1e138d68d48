import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Input, FieldError } from "~/components/ui/Field";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";

/** What the page's action answered, narrowed to what these forms read. */
export interface CatalogueResult {
  intent: string;
  fieldErrors: Record<string, string>;
  formError: string | null;
  values: Record<string, string>;
}

/** The errors of one form on a page of many: the same intent, and the same row when the form has one. */
export function errorsFor(result: CatalogueResult | undefined, intent: string, rowId?: number) {
  if (!result || result.intent !== intent) return null;
  if (rowId !== undefined && result.values.id !== String(rowId)) return null;
  return result;
}

const Inline = styled(Form, { display: "flex", gap: "$2", alignItems: "flex-start", flexWrap: "wrap" });
const Cell = styled("div", { display: "flex", flexDirection: "column", gap: "$1" });

/** A one-field form (create or rename) whose refusal shows beside the field. */
export function NameForm({
  intent,
  label,
  defaultValue,
  maxLength,
  rowId,
  result,
  hidden,
  button,
}: {
  intent: string;
  label: string;
  defaultValue?: string;
  maxLength: number;
  rowId?: number;
  result: CatalogueResult | undefined;
  hidden?: Record<string, string | number>;
  button: string;
}) {
  const mine = errorsFor(result, intent, rowId);
  const error = mine?.fieldErrors.name ?? mine?.fieldErrors.id ?? mine?.formError ?? null;
  const errorId = `${intent}-${rowId ?? "new"}-error`;
  return (
    <Inline method="post" noValidate>
      {rowId !== undefined && <input type="hidden" name="id" value={rowId} />}
      {Object.entries(hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Cell>
        <Input
          name="name"
          aria-label={label}
          maxLength={maxLength}
          defaultValue={mine?.values.name ?? defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          css={{ width: 220 }}
        />
        <FieldError id={errorId} role={error ? "alert" : undefined}>
          {error ?? ""}
        </FieldError>
      </Cell>
      <StatusButton intent={intent} variant="secondary">
        {button}
      </StatusButton>
    </Inline>
  );
}

/** Delete asks twice: a box to tick, then the button; the refusal (in use, unknown) shows beside it. */
export function DeleteForm({
  intent,
  rowId,
  what,
  result,
}: {
  intent: string;
  rowId: number;
  what: string;
  result: CatalogueResult | undefined;
}): ReactNode {
  const mine = errorsFor(result, intent, rowId);
  const error = mine ? (Object.values(mine.fieldErrors)[0] ?? mine.formError) : null;
  return (
    <Inline method="post" noValidate>
      <input type="hidden" name="id" value={rowId} />
      <Cell>
        <label>
          <input type="checkbox" name="confirm" value="1" /> 确认删除{what}
        </label>
        <FieldError role={error ? "alert" : undefined}>{error ?? ""}</FieldError>
      </Cell>
      <StatusButton intent={intent} variant="danger" size="sm">
        删除
      </StatusButton>
    </Inline>
  );
}
