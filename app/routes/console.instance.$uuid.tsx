import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { InstanceActions, outcomeError } from "~/components/instances/InstanceActions";
import { InstanceAccess } from "~/components/instances/InstanceAccess";
import { InstanceCharges } from "~/components/instances/InstanceCharges";
import { InstanceLog } from "~/components/instances/InstanceLog";
import { RenewLink } from "~/components/instances/RenewLink";
import { ShutdownPanel } from "~/components/instances/ScheduledShutdown";
import { GpuNoticePanel } from "~/components/instances/GpuNotice";
import { StateText, TermText } from "~/components/instances/InstanceTable";
import { SurvivalTable } from "~/components/instances/Survival";
import { usePollWhile } from "~/components/instances/use-poll-while";
import { Muted, Panel, PanelTitle } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { getInstanceDetail } from "~/upstream/instances.server";
import { getScheduledShutdown } from "~/upstream/schedule.server";
import { getGpuFreeNotice } from "~/upstream/gpu-notice.server";
import { formAction } from "~/utils/action.server";
import { instanceIntents } from "~/utils/instance-actions.server";
import { loadInstanceLog } from "~/utils/instance-log.server";
import { BILLING_LABELS, isTransitional, MACHINE_TYPE_LABELS } from "~/utils/instance-text";
import {
  customizeImagePath,
  instancePath,
  instancePluginPath,
  migrateInstancePath,
  resetSystemPath,
  resizeInstancePath,
  startWithoutGpuPath,
} from "~/utils/console-paths";
import { hostFullOffers } from "~/utils/host-full-offer";
import { requireUser } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { formatWireMoney } from "../../platform/rules/money";
import { NO_GPU_LIMITS_TEXT } from "../../platform/rules/no-gpu";

export const meta: MetaFunction = () => [{ title: "实例详情 · 算力云" }];

/** One instance: what it is, its access info (the password only on request), its charges, its log, its actions. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token, user } = await requireUser(request);
    const url = new URL(request.url);
    const reveal = url.searchParams.get("reveal") === "1";
    const [instance, log, schedule, gpuNotice] = await Promise.all([
      getInstanceDetail(token, params.uuid ?? "", reveal),
      loadInstanceLog(token, params.uuid ?? "", url.searchParams),
      getScheduledShutdown(token, params.uuid ?? ""),
      getGpuFreeNotice(token, params.uuid ?? ""),
    ]);
    const shutdown = schedule.Shutdown;
    return {
      instance,
      log,
      shutdown,
      gpuNotice,
      viewerIsSub: user.SubAccount !== null,
      now: new Date().toISOString(),
    };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => instanceIntents(intent, instancePath),
  });
}

const Facts = styled("dl", {
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "$2 $5",
  margin: "0 0 $4",
  dt: { color: "$mutedText" },
  dd: { margin: 0 },
});

export default function InstancePage() {
  const { instance: i, log, shutdown, gpuNotice, viewerIsSub, now } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  usePollWhile(isTransitional(i.State));
  return (
    <>
      <h1>{i.Name}</h1>
      <Panel>
        <PanelTitle>实例信息</PanelTitle>
        <Facts>
          <dt>实例 ID</dt>
          <dd>{i.InstanceUuid}</dd>
          <dt>状态</dt>
          <dd>
            <StateText instance={i} />
          </dd>
          <dt>类型 / 地区</dt>
          <dd>
            {MACHINE_TYPE_LABELS[i.MachineType]} · {i.RegionName}
          </dd>
          <dt>GPU</dt>
          <dd>
            {i.GpuName} × {i.GpuCount}（主机 {i.HostName} 空闲 {i.HostGpuFree}/{i.HostGpuTotal}）
          </dd>
          <dt>镜像</dt>
          <dd>{i.ImageName}</dd>
          <dt>数据盘</dt>
          <dd>{i.DataDiskGb} GB</dd>
          <dt>计费方式</dt>
          <dd>
            {BILLING_LABELS[i.BillingMode]}
            {i.BillingMode === "hour" &&
              (i.NoGpu
                ? `（无卡模式 ${formatWireMoney(i.HourlyPrice)}/时，${NO_GPU_LIMITS_TEXT}；关机即结束无卡模式）`
                : `（${formatWireMoney(i.HourlyPrice)}/时，按秒计费，整点扣费）`)}
          </dd>
          <dt>到期 / 释放</dt>
          <dd>
            <TermText instance={i} now={now} />
          </dd>
          <dt>已花费</dt>
          <dd data-testid="instance-cost">
            {formatWireMoney(i.CostSoFar)}
            {Number(i.Unsettled) > 0 && <Muted>（另有 {formatWireMoney(i.Unsettled)} 待下次整点结算）</Muted>}
          </dd>
          {i.SubAccountName && !viewerIsSub && (
            <>
              <dt>子账号</dt>
              <dd>{i.SubAccountName}</dd>
            </>
          )}
        </Facts>
        <InstanceActions
          instance={i}
          error={outcomeError(outcome, i.InstanceUuid)}
          hostFull={hostFullOffers(outcome, i.InstanceUuid)}
        />
        <RenewLink instance={i} />
        <ShutdownPanel instance={i} shutdown={shutdown} />
        <GpuNoticePanel view={gpuNotice} />
        {i.State === "stopped" && (
          <p>
            <Link to={resizeInstancePath(i.InstanceUuid)} data-testid="resize-link">
              调整配置（GPU数量）
            </Link>
            {" · "}
            <Link to={customizeImagePath({ saveFrom: i.InstanceUuid })} data-testid="save-image-link">
              保存为镜像
            </Link>
            {" · "}
            <Link to={resetSystemPath(i.InstanceUuid)} data-testid="reset-system-link">
              重置系统 / 更换镜像
            </Link>
          </p>
        )}
        {i.State !== "released" && i.State !== "releasing" && (
          <p>
            <Link to={instancePluginPath(i.InstanceUuid)} data-testid="plugins-link">
              插件与自定义端口（JupyterLab、TensorBoard、code-server）
            </Link>
          </p>
        )}
        {i.State === "stopped" && (
          <p>
            <Link to={migrateInstancePath(i.InstanceUuid)} data-testid="migrate-link">
              迁移到同地区其他主机
            </Link>
            {i.BillingMode === "hour" && (
              <>
                {" · "}
                <Link to={startWithoutGpuPath(i.InstanceUuid)} data-testid="no-gpu-link">
                  无卡模式开机
                </Link>
              </>
            )}
          </p>
        )}
        <p>
          <Link to={instancePath(i.InstanceUuid)}>刷新</Link> · <Link to="/console/dashboard">返回实例列表</Link>
        </p>
      </Panel>
      <Panel>
        <PanelTitle>访问方式</PanelTitle>
        <InstanceAccess uuid={i.InstanceUuid} access={i.Access} />
      </Panel>
      <Panel>
        <PanelTitle>费用明细</PanelTitle>
        <InstanceCharges charges={i.Charges} />
      </Panel>
      <Panel id="instance-log">
        <PanelTitle>实例日志</PanelTitle>
        <InstanceLog uuid={i.InstanceUuid} log={log} />
      </Panel>
      <Panel>
        <PanelTitle>数据保留规则</PanelTitle>
        <SurvivalTable retentionDays={i.RetentionDays} />
      </Panel>
    </>
  );
}
