import { describe, expect, it } from "vitest";
import { OPEN_WORK_ORDER_STATUSES } from "~/upstream/work-orders.server";
import { statusFilterCount } from "./status-filter-count";

const counts = { new: 2, processing: 3, waiting_user: 1, resolved: 4, closed: 5, revoked: 6 };

describe("statusFilterCount", () => {
  it("one state's figure, the open states' sum, every state's sum", () => {
    expect(statusFilterCount("resolved", counts, OPEN_WORK_ORDER_STATUSES)).toBe(4);
    expect(statusFilterCount("open", counts, OPEN_WORK_ORDER_STATUSES)).toBe(6);
    expect(statusFilterCount("all", counts, OPEN_WORK_ORDER_STATUSES)).toBe(21);
  });
});
