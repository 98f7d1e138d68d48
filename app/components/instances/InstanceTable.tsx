import { Link } from "@remix-run/react";
import type { InstanceListItemWire, InstanceWire } from "~/upstream/instances.server";
import { formatDateTime } from "~/utils/format";
import {
  BILLING_LABELS,
  isTransitional,
  MACHINE_TYPE_LABELS,
  releaseCountdown,
  STATE_LABELS,
  STOP_REASON_LABELS,
} from "~/utils/instance-text";
import { instancePath } from "~/utils/console-paths";
import { Badge, Muted, Table } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { hostFullOffers } from "~/utils/host-full-offer";
import { InstanceActions, outcomeError, type InstanceActionOutcome } from "./InstanceActions";
import { InstanceLogin } from "./InstanceLogin";
import { formatWireMoney } from "../../../platform/rules/money";

/** The state in Chinese, with why a stopped instance stopped when it was not the user. */
export function StateText({ instance }: { instance: InstanceWire }) {
  const reason = instance.State === "stopped" && instance.StopReason && instance.StopReason !== "user";
  return (
    <span data-testid="instance-state">
      <Badge tone={instance.State === "running" ? "primary" : "muted"}>{STATE_LABELS[instance.State]}</Badge>
      {reason && <Muted>（{STOP_REASON_LABELS[instance.StopReason!]}）</Muted>}
      {instance.NoGpu && (
        <Badge tone="gold" data-testid="no-gpu-badge">
          无卡模式
        </Badge>
      )}
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
 * A table on a wide screen; on a phone each instance is a card, its name and state first, then its actions and
 * login, then its specs and billing (CSS `order`, decision 068), so what a renter acts on is on the first screen.
 */
const Rows = styled(Table, {
  "td > div + div": { marginTop: 2 },
  "@mobile": {
    "&, & tbody": { display: "block" },
    thead: { display: "none" },
    tr: {
      display: "flex",
      flexDirection: "column",
      gap: "$2",
      padding: "$3",
      marginBottom: "$3",
      border: "1px solid #ECEDF0",
      borderRadius: "$md",
    },
    td: { display: "block", padding: 0, border: "none" },
    "td[data-cell=name]": { order: 1 },
    "td[data-cell=state]": { order: 2 },
    "td[data-cell=actions]": { order: 3 },
    "td[data-cell=login]": { order: 4 },
    "td[data-cell=spec]": { order: 5 },
    "td[data-cell=billing]": { order: 6 },
    "td[data-label]::before": {
      content: "attr(data-label)",
      display: "block",
      color: "$mutedText",
      fontSize: "$sm",
    },
  },
  "@desktop": {
    "td[data-cell=state]": { whiteSpace: "nowrap" },
    "td[data-cell=login]": { minWidth: 300 },
    "td[data-cell=login] code": { whiteSpace: "nowrap", fontSize: "$sm" },
  },
});

/** On a wide screen too narrow for the table, the table scrolls in its box. */
const Box = styled("div", { "@desktop": { overflowX: "auto" } });

/**
 * The console's instance list (issue 12 §4, issue 33 §6): per instance its name and id (and the sub-account that
 * rented it), state with the host's free GPUs (空闲 3/8) and the release countdown, its login (SSH command,
 * password on request, JupyterLab), its specs, billing and cost so far, and its actions, with the last action's
 * refusal beside them.
 */
export function InstanceTable({
  instances,
  now,
  outcome,
  viewerIsSub,
}: {
  instances: InstanceListItemWire[];
  now: string;
  outcome: InstanceActionOutcome | null | undefined;
  /** A sub-account sees only its own instances: no sub-account mark. */
  viewerIsSub: boolean;
}) {
  return (
    <Box>
      <Rows data-testid="instance-list">
        <thead>
          <tr>
            <th>实例</th>
            <th>状态</th>
            <th>登录方式</th>
            <th>规格</th>
            <th>计费</th>
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
              <td data-cell="name">
                <Link to={instancePath(i.InstanceUuid)} prefetch="intent">
                  <strong>{i.Name}</strong>
                </Link>
                <div>
                  <Muted>
                    {i.InstanceUuid} · {MACHINE_TYPE_LABELS[i.MachineType]} · {i.RegionName}
                  </Muted>
                </div>
                {i.SubAccountName && !viewerIsSub && <Badge tone="gold">子账号 {i.SubAccountName}</Badge>}
              </td>
              <td data-cell="state">
                <StateText instance={i} />
                <div data-testid="instance-host-free">
                  <Muted>
                    主机空闲 {i.HostGpuFree}/{i.HostGpuTotal}
                  </Muted>
                </div>
                {i.ReleaseAt && (
                  <div>
                    <Muted data-testid="release-countdown">{releaseCountdown(i.ReleaseAt, now)}</Muted>
                  </div>
                )}
              </td>
              <td data-cell="login" data-label="登录方式">
                {i.Access ? <InstanceLogin uuid={i.InstanceUuid} access={i.Access} /> : <Muted>—</Muted>}
              </td>
              <td data-cell="spec" data-label="规格">
                {i.GpuName} × {i.GpuCount}
                <div>
                  <Muted>
                    {i.ImageName} · 数据盘 {i.DataDiskGb}GB
                  </Muted>
                </div>
              </td>
              <td data-cell="billing" data-label="计费">
                {BILLING_LABELS[i.BillingMode]}
                {i.BillingMode === "hour" && <Muted> {formatWireMoney(i.HourlyPrice)}/时</Muted>}
                {i.PackageExpiresAt && (
                  <div>
                    <Muted>{formatDateTime(i.PackageExpiresAt)} 到期</Muted>
                  </div>
                )}
                <div>
                  <Muted>已花费</Muted> <span data-testid="instance-cost">{formatWireMoney(i.CostSoFar)}</span>
                </div>
              </td>
              <td data-cell="actions">
                <InstanceActions
                  instance={i}
                  error={outcomeError(outcome, i.InstanceUuid)}
                  hostFull={hostFullOffers(outcome, i.InstanceUuid)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Rows>
    </Box>
  );
}
