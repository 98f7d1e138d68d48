import { useId } from "react";
import { FieldError } from "../ui/Field";
import { styled } from "../ui/stitches.config";

const Label = styled("label", { fontSize: "$md", color: "$text" });
const Hint = styled("span", { color: "$mutedText", fontSize: "$sm" });
const TextArea = styled("textarea", {
  width: "100%",
  minHeight: 180,
  padding: "$2",
  border: "1px solid $border",
  borderRadius: "$sm",
  fontFamily: "$body",
  fontSize: "$md",
  lineHeight: 1.6,
  color: "$text",
  resize: "vertical",
  "&:focus": { outline: "none", borderColor: "$primary" },
  "&[aria-invalid=true]": { borderColor: "$error" },
});
const Wrapper = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" });

/**
 * A markdown text field: a plain textarea, which posts without JavaScript.
 * The markdown editor (issue 11 §3) enhances it on the pages that edit, with
 * the same field name.
 */
export function MarkdownField({
  label,
  name,
  defaultValue,
  error,
  rows = 8,
  maxLength,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string | null;
  rows?: number;
  maxLength?: number;
}) {
  const id = `${name}-${useId()}`;
  return (
    <Wrapper>
      <Label htmlFor={id}>
        {label} <Hint>支持 Markdown</Hint>
      </Label>
      <TextArea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Wrapper>
  );
}
