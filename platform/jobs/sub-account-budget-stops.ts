import type { Ctx } from "../modules/context";
import { stopInstancesAtBudget } from "../modules/sub-accounts/stop-at-budget";

/** Sub-accounts past their monthly budget with "stop at budget": their running instances stop (decision 107). */
export const runSubAccountBudgetStops = (ctx: Ctx) => stopInstancesAtBudget(ctx);
