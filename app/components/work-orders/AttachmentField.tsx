import { useId } from "react";
import { FieldError } from "../ui/Field";
import { styled } from "../ui/stitches.config";

const Wrapper = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" });
const Label = styled("label", { fontSize: "$md", color: "$text" });
const Hint = styled("span", { color: "$mutedText", fontSize: "$sm" });

/** The attachments of a work order or reply: native multiple file input, posted in the form's multipart body. */
export function AttachmentField({
  name = "files",
  accept,
  maxFiles,
  maxFileMegabytes,
  error,
}: {
  name?: string;
  accept: string;
  maxFiles: number;
  maxFileMegabytes: number;
  error?: string | null;
}) {
  const id = `${name}-${useId()}`;
  return (
    <Wrapper>
      <Label htmlFor={id}>附件</Label>
      <input
        id={id}
        type="file"
        name={name}
        multiple
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <Hint id={`${id}-hint`}>
        图片（gif、jpg、png、svg）或 pdf、txt、log、zip，最多 {maxFiles} 个，每个不超过 {maxFileMegabytes} MB
      </Hint>
      <FieldError id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Wrapper>
  );
}
