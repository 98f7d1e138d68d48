import type { SubAccountWire } from "../../contract/sub-accounts";
import type { ManagedSubAccount } from "../../modules/sub-accounts/manage";
import { fenToYuan } from "../../rules/money";

export const toSubAccount = (s: ManagedSubAccount): SubAccountWire => ({
  id: s.id,
  name: s.name,
  money_limit: fenToYuan(s.limitFen),
  money_used: fenToYuan(s.usedFen),
  money_can_use: fenToYuan(s.canUseFen),
  running_instances: s.runningInstances,
  last_login_at: s.lastLoginAt?.toISOString() ?? "",
  disabled: s.disabled,
  may_rent: s.mayRent,
  sees_main_notifications: s.seesMainNotifications,
  monthly_budget: s.monthlyBudgetFen === null ? "" : fenToYuan(s.monthlyBudgetFen),
  stop_at_budget: s.stopAtBudget,
  month_spent: fenToYuan(s.monthSpentFen),
  created_at: s.createdAt.toISOString(),
});
