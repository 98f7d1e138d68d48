import { useId } from "react";
import { FieldError } from "../ui/Field";
import { styled } from "../ui/stitches.config";

const Wrapper = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" });
const Label = styled("label", { fontSize: "$md", color: "$text" });
const Hint = styled("span", { color: "$mutedText", fontSize: "$sm" });

/** One photo of a document (an ID card's side): a native file input posted in the form's multipart body. */
export function PhotoField({
  label,
  name,
  hint,
  error,
}: {
  label: string;
  name: string;
  hint: string;
  error?: string;
}) {
  const id = `${name}-${useId()}`;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        name={name}
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Wrapper>
  );
}
