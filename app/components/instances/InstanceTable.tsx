import { Link } from "@remix-run/react";
import type { InstanceWire } from "~/upstream/instances.server";
import { formatDateTime } from "~/utils/format";
import {
  BILLING_LABELS,
  isTransitional,
  MACHINE_TYPE_LABELS,
  releaseCountdown,
  STATE_LABELS,
  STOP_REASON_LABELS,
} from "~/utils/instance-text";
import { instancePath } from "~/utils/paths";
import { Badge, Muted, Table } from "../ui/layout";
import { TableScroll } from "../ui/TableScroll";
import { InstanceActions, outcomeError, type InstanceActionOutcome } from "./InstanceActions";

/** The state in Chinese, with why a stopped instance stopped when it was not the user. */
export function StateText({ instance }: { instance: InstanceWire }) {
  const reason = instance.State === "stopped" && instance.StopReason && instance.StopReason !== "user";
  return (
    <span data-testid="instance-state">
      <Badge tone={instance.State === "running" ? "primary" : "muted"}>{STATE_LABELS[instance.State]}</Badge>
      {reason && <Muted>（{STOP_REASON_LABELS[instance.StopReason!]}）</Muted>}
    </span>
  );
}

/** Expiry of a package and the release countdown of a stopped instance. */
export function TermText({ instance, now }: { instance: InstanceWire; now: string }) {
  return (
    <>
      {instance.PackageExpiresAt && <div>{formatDateTime(instance.PackageExpiresAt)} 到期</div>}
      {instance.ReleaseAt && <Muted data-testid="release-countdown">{releaseCountdown(instance.ReleaseAt, now)}</Muted>}
      {!instance.PackageExpiresAt && !instance.ReleaseAt && "—"}
    </>
  );
}

/**
 * The console's instance list (issue 12 §4): per row its name (and the
 * sub-account that rented it), type, region, GPU model × count, image, state,
 * billing mode, expiry or release countdown, cost so far, the host's free GPUs
 * (空闲 3/8) and its actions, with the last action's refusal beside them.
 */
export function InstanceTable({
  instances,
  now,
  outcome,
  viewerIsSub,
}: {
  instances: InstanceWire[];
  now: string;
  outcome: InstanceActionOutcome | null | undefined;
  /** A sub-account sees only its own instances: no sub-account mark. */
  viewerIsSub: boolean;
}) {
  return (
    <TableScroll label="实例列表" minWidth={960}>
      <Table data-testid="instance-list">
        <thead>
          <tr>
            <th>实例</th>
            <th>类型 / 地区</th>
            <th>GPU</th>
            <th>镜像</th>
            <th>状态</th>
            <th>计费方式</th>
            <th>到期 / 释放</th>
            <th>已花费</th>
            <th>主机空闲GPU</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {instances.map((i) => (
            <tr
              key={i.InstanceUuid}
              data-testid="instance-row"
              data-uuid={i.InstanceUuid}
              aria-busy={isTransitional(i.State) || undefined}
            >
              <td data-wrap>
                <Link to={instancePath(i.InstanceUuid)} prefetch="intent">
                  {i.Name}
                </Link>
                <div>
                  <Muted>{i.InstanceUuid}</Muted>
                </div>
                {i.SubAccountName && !viewerIsSub && <Badge tone="gold">子账号 {i.SubAccountName}</Badge>}
              </td>
              <td>
                {MACHINE_TYPE_LABELS[i.MachineType]}
                <div>
                  <Muted>{i.RegionName}</Muted>
                </div>
              </td>
              <td>
                {i.GpuName} × {i.GpuCount}
              </td>
              <td data-wrap>{i.ImageName}</td>
              <td>
                <StateText instance={i} />
              </td>
              <td>
                {BILLING_LABELS[i.BillingMode]}
                {i.BillingMode === "hour" && (
                  <div>
                    <Muted>¥{i.HourlyPrice}/时</Muted>
                  </div>
                )}
              </td>
              <td>
                <TermText instance={i} now={now} />
              </td>
              <td data-testid="instance-cost">¥{i.CostSoFar}</td>
              <td data-testid="instance-host-free">
                空闲 {i.HostGpuFree}/{i.HostGpuTotal}
              </td>
              <td data-wrap>
                <InstanceActions instance={i} error={outcomeError(outcome, i.InstanceUuid)} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
