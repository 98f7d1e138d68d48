import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from "react";
import { FieldError } from "~/components/ui/Field";
import { styled } from "~/components/ui/stitches.config";
import { EDITOR_HEIGHT } from "./editor-size";
import type { RichMarkdownEditorProps } from "./RichMarkdownEditor.client";
import type { ImageLimits } from "./image-uploads";
import type { UploadedImage } from "./upload-image";

export type { ImageLimits } from "./image-uploads";
export type { UploadedImage } from "./upload-image";
export { markdownEditorLinks } from "./links";

export interface MarkdownEditorProps {
  /** The form field the markdown is posted as. */
  name: string;
  /** The visible label of the field. */
  label: ReactNode;
  defaultValue?: string;
  /** Where this page's draft is kept in local storage, e.g. `work-order-reply:42`. */
  draftKey: string;
  /** The upload route (POST multipart, answers JSON `{ id, url }` or `{ error }`); no image upload without it. */
  uploadUrl?: string;
  /** The multipart field the upload route reads; "file" unless told. */
  uploadField?: string;
  /**
   * The order's file limits (count, MB each): an image past them is refused in the browser with the
   * platform's words, before any upload. The upload route refuses them all the same.
   */
  imageLimits?: ImageLimits;
  /** How the live preview shows an address (after the site's URL rules): the desk shows files through its route. */
  previewUrl?: (url: string) => string;
  /** When given, each uploaded image's id is posted as a hidden field of this name (while its image is in the text). */
  attachmentField?: string;
  /** Called after an image is uploaded and its markdown inserted. */
  onUploaded?: (image: UploadedImage) => void;
  /** Called when an uploaded image is removed from the text (the id the upload route gave). */
  onAttachmentRemoved?: (id: string) => void;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** The field's error (from the action), shown under it in Chinese. */
  error?: string | null;
  rows?: number;
}

const Wrapper = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" });
const Label = styled("label", { fontSize: "$md", color: "$text" });
/** As high as the rich editor that takes its place (EDITOR_HEIGHT), so nothing below it moves. */
const PlainTextarea = styled("textarea", {
  width: "100%",
  height: EDITOR_HEIGHT,
  margin: 0,
  display: "block",
  padding: "$2",
  border: "1px solid $border",
  borderRadius: "$sm",
  fontFamily: "$mono, monospace",
  fontSize: "$md",
  lineHeight: 1.5,
  resize: "vertical",
  "&:focus": { outline: "none", borderColor: "$primary" },
  "&[aria-invalid=true]": { borderColor: "$error" },
});

type RichEditor = ComponentType<RichMarkdownEditorProps>;

/**
 * The markdown field of the work-order forms. The server and a browser
 * without JavaScript get a plain <textarea name=…> that posts with the form;
 * with JavaScript the toolbar editor (@uiw/react-md-editor) is fetched as its
 * own chunk after the page is interactive and takes the textarea's place,
 * keeping what was typed, posting the same field.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { name, label, defaultValue = "", required, maxLength, placeholder, error, rows = 10 } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const plain = useRef<HTMLTextAreaElement>(null);
  const [Editor, setEditor] = useState<RichEditor | null>(null);
  // What the textarea held when the editor took its place: read in the render that swaps them, not when the
  // chunk arrived, so text typed in between (React renders the swap in a task of its own) is not lost.
  const swapped = useRef<{ value: string; focused: boolean } | null>(null);
  if (Editor && swapped.current === null) {
    const textarea = plain.current;
    swapped.current = {
      value: textarea?.value ?? defaultValue,
      focused: textarea !== null && document.activeElement === textarea,
    };
  }

  useEffect(() => {
    let cancelled = false;
    import("./RichMarkdownEditor.client").then(
      ({ RichMarkdownEditor }) => {
        if (!cancelled) setEditor(() => RichMarkdownEditor);
      },
      // The chunk did not load (offline, a deploy in between): the plain textarea stays and still posts.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <Wrapper data-markdown-editor={Editor ? "rich" : "plain"}>
      <Label htmlFor={id}>{label}</Label>
      {Editor && swapped.current ? (
        <Editor
          {...props}
          id={id}
          errorId={error ? errorId : undefined}
          initialValue={swapped.current.value}
          autoFocus={swapped.current.focused}
        />
      ) : (
        <PlainTextarea
          ref={plain}
          id={id}
          name={name}
          defaultValue={defaultValue}
          rows={rows}
          required={required}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      )}
      <FieldError id={errorId} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Wrapper>
  );
}
