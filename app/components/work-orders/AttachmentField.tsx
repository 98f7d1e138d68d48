import { useId } from "react";
import { FieldError } from "../ui/Field";
import { styled } from "../ui/stitches.config";

const Wrapper = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" });
const Label = styled("label", { fontSize: "$md", color: "$text" });
const Hint = styled("span", { color: "$mutedText", fontSize: "$sm" });

/** How many files, and how large each, a form takes (the platform's limits, from the page's loader). */
export interface AttachmentLimits {
  maxFiles: number;
  maxFileMegabytes: number;
}

/** The file picker's hint to the browser (the platform decides the type from the bytes, never from this). */
export const ATTACHMENT_ACCEPT = ".gif,.jpeg,.jpg,.png,.svg,.pdf,.txt,.log,.zip";

/** The attachments of a work order or reply: native multiple file input, posted in the form's multipart body. */
export function AttachmentField({
  name = "files",
  accept,
  limits,
  error,
  purpose,
}: {
  name?: string;
  accept: string;
  limits: AttachmentLimits;
  error?: string | null;
  /** A sentence before the hint saying where the files go (the desk's: with a reply or a request only). */
  purpose?: string;
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
        {purpose}图片（gif、jpg、png、svg）或 pdf、txt、log、zip，最多 {limits.maxFiles} 个，每个不超过{" "}
        {limits.maxFileMegabytes} MB
      </Hint>
      <FieldError id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Wrapper>
  );
}
