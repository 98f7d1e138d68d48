import type { WorkOrderStatusWire } from "~/upstream/work-orders.server";
import { Badge, type BadgeTone } from "../ui/layout";

/**
 * Each state's colour: blue for new, gold while in progress, orange while waiting for the user, green when
 * resolved, grey once over (each tone's contrast is checked in badge-tones.test.ts).
 */
export const STATUS_TONES: Record<WorkOrderStatusWire, BadgeTone> = {
  new: "primary",
  processing: "gold",
  waiting_user: "warn",
  resolved: "success",
  closed: "muted",
  revoked: "muted",
};

/** A work order's state as a coloured badge (its label is the contract's). */
export function StatusBadge({
  status,
  label,
  testId,
}: {
  status: WorkOrderStatusWire;
  label: string;
  testId?: string;
}) {
  return (
    <Badge tone={STATUS_TONES[status]} data-status={status} data-testid={testId}>
      {label}
    </Badge>
  );
}
