import { Form } from "@remix-run/react";
import type { ActionResult } from "~/utils/action.server";
import { FieldError } from "../ui/Field";
import { StatusButton } from "../ui/StatusButton";
import { MarkdownEditor } from "../markdown-editor/MarkdownEditor";
import { ATTACHMENT_ACCEPT, AttachmentField, type AttachmentLimits } from "./AttachmentField";
import { WORK_ORDER_UPLOAD_URL } from "./upload-url";

/** The reply form of a work order's thread: markdown and attachments in one multipart form. */
export function ReplyForm({
  action,
  limits,
  draftKey,
  result,
}: {
  action: string;
  limits: AttachmentLimits;
  /** The editor's local-storage draft key (with the user id: `work-order-reply:…`). */
  draftKey: string;
  result: ActionResult | undefined;
}) {
  const mine = result?.intent === "comment" ? result : undefined;
  return (
    <Form method="post" action={action} encType="multipart/form-data" data-testid="reply-form">
      {mine?.formError && <FieldError role="alert">{mine.formError}</FieldError>}
      <MarkdownEditor
        name="body"
        label="回复内容"
        defaultValue={mine?.values.body}
        error={mine?.fieldErrors.body}
        rows={5}
        draftKey={draftKey}
        uploadUrl={WORK_ORDER_UPLOAD_URL}
        imageLimits={limits}
        attachmentField="attachment_ids"
      />
      <AttachmentField accept={ATTACHMENT_ACCEPT} limits={limits} error={mine?.fieldErrors.files} />
      <StatusButton intent="comment" formAction={action} pendingText="发送中…">
        发送回复
      </StatusButton>
    </Form>
  );
}
