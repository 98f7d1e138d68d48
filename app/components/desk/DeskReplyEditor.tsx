import { MarkdownEditor, type ImageLimits } from "~/components/markdown-editor/MarkdownEditor";
import { deskFileUrl } from "./desk-file-url";

/**
 * The text of the desk's reply, note, request and closing forms: the users'
 * markdown editor (a textarea without JavaScript), its images uploaded to the
 * order's desk upload route as the staff member's and posted as
 * `attachment_ids`; the preview shows files through the desk's file route.
 */
export function DeskReplyEditor({
  defaultValue,
  error,
  draftKey,
  uploadUrl,
  limits,
}: {
  defaultValue: string | undefined;
  error: string | undefined;
  draftKey: string;
  /** The order's upload route while it takes replies; no image upload otherwise. */
  uploadUrl: string | undefined;
  limits: ImageLimits;
}) {
  return (
    <MarkdownEditor
      name="content"
      label="内容（支持 Markdown）"
      defaultValue={defaultValue}
      error={error}
      maxLength={10_000}
      rows={6}
      draftKey={draftKey}
      uploadUrl={uploadUrl}
      attachmentField="attachment_ids"
      imageLimits={limits}
      previewUrl={deskFileUrl}
    />
  );
}
