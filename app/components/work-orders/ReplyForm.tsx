import { Form } from "@remix-run/react";
import type { ActionResult } from "~/utils/action.server";
import { FieldError } from "../ui/Field";
import { StatusButton } from "../ui/StatusButton";
import { AttachmentField } from "./AttachmentField";
import { MarkdownField } from "./MarkdownField";
import { ATTACHMENT_ACCEPT, type AttachmentLimits } from "./AttachmentField";

/** The reply form of a work order's thread: markdown and attachments in one multipart form. */
export function ReplyForm({
  action,
  limits,
  result,
}: {
  action: string;
  limits: AttachmentLimits;
  result: ActionResult | undefined;
}) {
  const mine = result?.intent === "comment" ? result : undefined;
  return (
    <Form method="post" action={action} encType="multipart/form-data" data-testid="reply-form">
      {mine?.formError && <FieldError role="alert">{mine.formError}</FieldError>}
      <MarkdownField
        label="回复"
        name="body"
        defaultValue={mine?.values.body}
        error={mine?.fieldErrors.body}
        rows={5}
      />
      <AttachmentField accept={ATTACHMENT_ACCEPT} limits={limits} error={mine?.fieldErrors.files} />
      <StatusButton intent="comment" formAction={action} pendingText="发送中…">
        发送回复
      </StatusButton>
    </Form>
  );
}
