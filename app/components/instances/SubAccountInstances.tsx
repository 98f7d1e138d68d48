import { Link } from "@remix-run/react";
import type { SubAccountInstanceGroupWire } from "~/upstream/pages.server";
import { BILLING_LABELS, MACHINE_TYPE_LABELS } from "~/utils/instance-text";
import { instancePath, SUB_ACCOUNT_INSTANCES_PATH } from "~/utils/console-paths";
import { Badge, Muted, Panel, PanelTitle, Table } from "../ui/layout";
import { TableScroll } from "../ui/TableScroll";
import { InstanceActions, outcomeError, type InstanceActionOutcome } from "./InstanceActions";
import { StateText, TermText } from "./InstanceTable";
import { formatWireMoney } from "../../../platform/rules/money";

/**
 * One sub-account on /console/subAccountInstance: its name, this month's cost,
 * and its instances with the console's actions (their forms post to the page).
 */
export function SubAccountInstances({
  group,
  now,
  outcome,
}: {
  group: SubAccountInstanceGroupWire;
  now: string;
  outcome: InstanceActionOutcome | null | undefined;
}) {
  const title = `子账号 ${group.SubAccountName}`;
  return (
    <Panel aria-label={title} data-testid="sub-account-group">
      <PanelTitle>
        {title} {group.Disabled && <Badge tone="muted">已停用</Badge>}
      </PanelTitle>
      <p>
        本月费用 <strong data-testid="sub-account-month-cost">{formatWireMoney(group.MonthCost)}</strong>
        <Muted>（本月内其实例的租用、续费、调整配置与按量扣费，已扣除退款）</Muted>
      </p>
      {group.Instances.length === 0 ? (
        <Muted>暂无实例</Muted>
      ) : (
        <TableScroll label={`${title} 的实例`} minWidth={760}>
          <Table>
            <thead>
              <tr>
                <th scope="col">实例</th>
                <th scope="col">状态</th>
                <th scope="col">规格</th>
                <th scope="col">计费</th>
                <th scope="col">已花费</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {group.Instances.map((i) => (
                <tr key={i.InstanceUuid} data-testid="instance-row" data-uuid={i.InstanceUuid}>
                  <td>
                    <Link to={instancePath(i.InstanceUuid)}>{i.Name}</Link>
                    <div>
                      <Muted>{i.InstanceUuid}</Muted>
                    </div>
                  </td>
                  <td>
                    <StateText instance={i} />
                  </td>
                  <td>
                    {MACHINE_TYPE_LABELS[i.MachineType]} · {i.RegionName}
                    <div>
                      {i.GpuName} × {i.GpuCount}
                    </div>
                  </td>
                  <td>
                    {BILLING_LABELS[i.BillingMode]}
                    <TermText instance={i} now={now} />
                  </td>
                  <td>{formatWireMoney(i.CostSoFar)}</td>
                  <td>
                    <InstanceActions
                      instance={i}
                      error={outcomeError(outcome, i.InstanceUuid)}
                      from={SUB_ACCOUNT_INSTANCES_PATH}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Panel>
  );
}
