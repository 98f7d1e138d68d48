import { Badge, type BadgeTone } from "~/components/ui/layout";
import { CONTENT_STATUS_LABELS } from "../../../../platform/rules/content-desk";

const TONES: Record<keyof typeof CONTENT_STATUS_LABELS, BadgeTone> = {
  draft: "muted",
  published: "success",
  unpublished: "warn",
};

/** An item's status badge (草稿 / 已发布 / 已下线), and 有未发布的修改 when a save waits for its publish. */
export function ContentStatus({
  status,
  unpublishedChanges,
}: {
  status: keyof typeof CONTENT_STATUS_LABELS;
  unpublishedChanges: boolean;
}) {
  return (
    <>
      <Badge tone={TONES[status]}>{CONTENT_STATUS_LABELS[status]}</Badge>
      {unpublishedChanges && (
        <>
          {" "}
          <Badge tone="gold">有未发布的修改</Badge>
        </>
      )}
    </>
  );
}
