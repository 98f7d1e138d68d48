import type {
  WorkOrderStatusCountsWire,
  WorkOrderStatusFilter,
  WorkOrderStatusWire,
} from "../../platform/contract/work-orders";

/**
 * How many orders a status filter lists, from the platform's per-state counts: one state's figure, the open
 * states' sum ("open": `openStates`, the contract's OPEN_WORK_ORDER_STATUSES), or every state's ("all").
 */
export function statusFilterCount(
  filter: WorkOrderStatusFilter,
  counts: WorkOrderStatusCountsWire,
  openStates: readonly WorkOrderStatusWire[],
): number {
  const states =
    filter === "all" ? (Object.keys(counts) as WorkOrderStatusWire[]) : filter === "open" ? openStates : [filter];
  return states.reduce((sum, s) => sum + counts[s], 0);
}
