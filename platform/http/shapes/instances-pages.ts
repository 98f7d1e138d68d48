import type { SubAccountInstancesWire } from "../../contract/instances-pages";
import type { SubAccountInstanceGroup } from "../../modules/instances/pages-sub-accounts";
import { fenToYuan } from "../../rules/money";
import { toInstanceWire } from "./instances";

export const toSubAccountInstancesWire = (r: {
  monthStart: Date;
  groups: SubAccountInstanceGroup[];
}): SubAccountInstancesWire => ({
  MonthStart: r.monthStart.toISOString(),
  Groups: r.groups.map((g) => ({
    SubAccountId: g.subAccountId,
    SubAccountName: g.subAccountName,
    Disabled: g.disabled,
    MonthCost: fenToYuan(g.monthCostFen),
    Instances: g.instances.map(toInstanceWire),
  })),
});
