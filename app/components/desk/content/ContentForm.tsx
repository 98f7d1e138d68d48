import { Form } from "@remix-run/react";
import { useId } from "react";
import { MarkdownEditor } from "~/components/markdown-editor/MarkdownEditor";
import { Field, FieldError, Select, TextArea } from "~/components/ui/Field";
import { Muted, Stack } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import { CONTENT_FORM_FIELDS, type ContentFieldSpec } from "~/utils/desk-content-fields";
import type { ContentKindName } from "../../../../platform/rules/content-desk";

export interface ContentOption {
  value: string;
  label: string;
}

/** What the page's action answered, narrowed to what this form reads. */
export interface ContentFormResult {
  intent: string;
  fieldErrors: Record<string, string>;
  formError: string | null;
  values: Record<string, string>;
}

const Label = styled("label", { fontSize: "$md", color: "$text" });
const Cell = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" });
const Alert = styled(FieldError, { fontSize: "$md" });

function Control({
  spec,
  value,
  error,
  options,
  draftKey,
}: {
  spec: ContentFieldSpec;
  value: string;
  error: string | null;
  options: Record<"sections" | "images", ContentOption[]>;
  draftKey: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : spec.hint ? `${id}-hint` : undefined,
  } as const;
  const { control } = spec;
  if (control.type === "markdown")
    return (
      <MarkdownEditor
        name={spec.name}
        label={spec.label}
        defaultValue={value}
        error={error}
        draftKey={draftKey}
        uploadUrl="/desk/content/images"
      />
    );
  if (control.type === "text" || control.type === "number" || control.type === "gb")
    return (
      <>
        <Field
          label={spec.label}
          name={spec.name}
          defaultValue={value}
          error={error}
          maxLength={control.type === "text" ? control.maxLength : 20}
          inputMode={control.type === "number" ? "numeric" : control.type === "gb" ? "decimal" : undefined}
          {...(spec.hint && !error ? { "aria-describedby": `${id}-hint` } : {})}
        />
        {spec.hint && (
          <Muted id={`${id}-hint`} css={{ marginTop: "-$3", marginBottom: "$3" }}>
            {spec.hint}
          </Muted>
        )}
      </>
    );
  const choices =
    control.type === "select" ? (typeof control.options === "string" ? options[control.options] : control.options) : [];
  return (
    <Cell>
      <Label htmlFor={id}>{spec.label}</Label>
      {control.type === "summary" ? (
        <TextArea id={id} name={spec.name} defaultValue={value} maxLength={200} rows={2} {...described} />
      ) : (
        <Select id={id} name={spec.name} defaultValue={value} {...described}>
          <option value="">{control.empty}</option>
          {choices.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
      <FieldError id={errorId} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Cell>
  );
}

/**
 * Create or edit one item of a kind: its fields in the kind's order (docs:
 * title, summary, section, position, body in the markdown editor; a dataset's
 * size in GB …). A new item also takes its 网址名 (fixed once created); an edit
 * posts the revision it was made from, so a save that came first refuses it.
 * Works without JavaScript: a plain form posting `intent`.
 */
export function ContentForm({
  kind,
  intent,
  values,
  result,
  options,
  basedOn,
  button,
  draftKey,
}: {
  kind: ContentKindName;
  intent: "create" | "save";
  values: Record<string, string>;
  result: ContentFormResult | undefined;
  options: Record<"sections" | "images", ContentOption[]>;
  basedOn?: number;
  button: string;
  draftKey: string;
}) {
  const mine = result?.intent === intent ? result : undefined;
  const value = (name: string) => mine?.values[name] ?? values[name] ?? "";
  const error = (name: string) => mine?.fieldErrors[name] ?? null;
  const top = mine ? (mine.formError ?? mine.fieldErrors.based_on ?? null) : null;
  return (
    <Form method="post" noValidate aria-label={button}>
      <Stack css={{ gap: 0 }}>
        {top && <Alert role="alert">{top}</Alert>}
        {basedOn !== undefined && <input type="hidden" name="based_on" value={basedOn} />}
        {intent === "create" && (
          <>
            <Field
              label="网址名"
              name="slug"
              defaultValue={value("slug")}
              error={error("slug")}
              maxLength={64}
              {...(error("slug") ? {} : { "aria-describedby": "slug-hint" })}
            />
            <Muted id="slug-hint" css={{ marginTop: "-$3", marginBottom: "$3" }}>
              小写字母、数字和连字符，如 quick-start；创建后不能修改
            </Muted>
          </>
        )}
        {CONTENT_FORM_FIELDS[kind].map((spec) => (
          <Control
            key={spec.name}
            spec={spec}
            value={value(spec.name)}
            error={error(spec.name)}
            options={options}
            draftKey={draftKey}
          />
        ))}
        <div>
          <StatusButton intent={intent}>{button}</StatusButton>
        </div>
      </Stack>
    </Form>
  );
}
