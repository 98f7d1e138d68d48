import { Form } from "@remix-run/react";
import { FieldError } from "~/components/ui/Field";
import { Row } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import type { ContentFormResult } from "./ContentForm";

/**
 * 发布 (the latest version) when visitors do not see it yet or a save waits;
 * 下线 when it is published, asked twice (a box to tick, then the button).
 */
export function ContentPublishForms({
  status,
  unpublishedChanges,
  latestRevision,
  result,
}: {
  status: "draft" | "published" | "unpublished";
  unpublishedChanges: boolean;
  latestRevision: number;
  result: ContentFormResult | undefined;
}) {
  const error = (intent: string) =>
    result?.intent === intent ? (Object.values(result.fieldErrors)[0] ?? result.formError) : null;
  return (
    <Row css={{ alignItems: "flex-start", gap: "$5" }}>
      {(status !== "published" || unpublishedChanges) && (
        <Form method="post" aria-label="发布">
          <StatusButton intent="publish">发布第 {latestRevision} 版</StatusButton>
          <FieldError role={error("publish") ? "alert" : undefined}>{error("publish") ?? ""}</FieldError>
        </Form>
      )}
      {status === "published" && (
        <Form method="post" aria-label="下线">
          <Row>
            <label>
              <input type="checkbox" name="confirm" value="1" /> 确认下线（访客将看不到它）
            </label>
            <StatusButton intent="unpublish" variant="danger">
              下线
            </StatusButton>
          </Row>
          <FieldError role={error("unpublish") ? "alert" : undefined}>{error("unpublish") ?? ""}</FieldError>
        </Form>
      )}
    </Row>
  );
}
