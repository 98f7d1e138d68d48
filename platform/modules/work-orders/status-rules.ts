import type { WorkOrderStatus } from "../../db/work-order-schema";

/** States in which the user can still comment, attach files and revoke. */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = ["new", "processing", "waiting_user"];

export const isOpen = (status: WorkOrderStatus): boolean => OPEN_STATUSES.includes(status);

/**
 * Who may move an order from one state to another (issue 11 §1):
 *
 *   new ──take──► processing ──ask──► waiting_user ──user comment──► processing
 *    │                 │                    │
 *    └──────── resolve / close (staff), revoke (user) ───────────────► resolved / closed / revoked
 *
 * A resolved order may still be closed by staff; closed and revoked are final.
 */
const TRANSITIONS: Record<"user" | "staff", Partial<Record<WorkOrderStatus, readonly WorkOrderStatus[]>>> = {
  user: {
    new: ["revoked"],
    processing: ["revoked"],
    waiting_user: ["processing", "revoked"],
  },
  staff: {
    new: ["processing", "waiting_user", "resolved", "closed"],
    processing: ["waiting_user", "resolved", "closed"],
    waiting_user: ["processing", "resolved", "closed"],
    resolved: ["closed"],
  },
};

export function canMove(by: "user" | "staff", from: WorkOrderStatus, to: WorkOrderStatus): boolean {
  return TRANSITIONS[by][from]?.includes(to) ?? false;
}

export const isEnded = (status: WorkOrderStatus): boolean =>
  status === "resolved" || status === "closed" || status === "revoked";
