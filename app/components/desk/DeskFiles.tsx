import { useId } from "react";
import { FieldError } from "~/components/ui/Field";
import { Muted } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";

/** A work-order file as the desk shows it: the desk's own address (deskFilePath) and whether it shows as a picture. */
export interface DeskFile {
  id: number;
  name: string;
  url: string;
  /** gif, jpeg or png: served inline, so shown as a thumbnail. */
  image: boolean;
  width: number | null;
  height: number | null;
}

const Thumb = styled("img", {
  display: "block",
  maxWidth: 240,
  maxHeight: 180,
  height: "auto",
  marginTop: "$1",
  border: "1px solid $border",
  borderRadius: "$sm",
});

/** A link to the file, with a thumbnail of a raster image. */
export function DeskFileLink({ file }: { file: DeskFile }) {
  return (
    <a href={file.url} target="_blank" rel="noopener noreferrer">
      {file.name}
      {file.image && (
        <Thumb src={file.url} alt={file.name} width={file.width ?? undefined} height={file.height ?? undefined} />
      )}
    </a>
  );
}

const Wrapper = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginTop: "$2" });

/**
 * The reply's files: a native multiple file input in the order form's
 * multipart body (works without JavaScript); a refused file's reason beside it.
 */
export function DeskAttachmentField({
  error,
  limits,
}: {
  error?: string;
  limits: { maxFiles: number; maxFileMegabytes: number };
}) {
  const id = `desk-files-${useId()}`;
  return (
    <Wrapper>
      <label htmlFor={id}>附件</label>
      <input
        id={id}
        type="file"
        name="files"
        multiple
        accept=".gif,.jpeg,.jpg,.png,.svg,.pdf,.txt,.log,.zip"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <Muted id={`${id}-hint`}>
        随回复或补充请求发给用户。图片（gif、jpg、png、svg）或 pdf、txt、log、zip，最多 {limits.maxFiles} 个，每个不超过{" "}
        {limits.maxFileMegabytes} MB
      </Muted>
      <FieldError id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Wrapper>
  );
}
