import { Form, Link } from "@remix-run/react";
import type { InstanceWire } from "~/upstream/instances.server";
import type { PendingShutdownWire, ShutdownPreviewWire } from "~/upstream/schedule.server";
import { shutdownInstancePath } from "~/utils/console-paths";
import { formatDateTime } from "~/utils/format";
import { survivalRow } from "../../../platform/rules/instance-survival";
import { formatWireMoney } from "../../../platform/rules/money";
import { shutdownInputValue } from "../../../platform/rules/scheduled-shutdown";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Muted, Price } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { SurvivalFacts } from "./Survival";

/** The estimate in figures and the sentence that says how it was computed. */
function Estimate({ estimate }: { estimate: PendingShutdownWire["Estimate"] }) {
  return (
    <>
      预计费用 <Price data-testid="shutdown-estimate">{formatWireMoney(estimate.EstimatedCost)}</Price>
      <br />
      <Muted>{estimate.Explanation}</Muted>
    </>
  );
}

/**
 * Step one: the time, to the minute in Beijing time, sent by GET so its estimate is computed without JavaScript.
 * The server's time is shown beside it: the clock the shutdown fires by.
 */
export function ShutdownTimeForm({
  uuid,
  serverTime,
  value,
  maxDaysAhead,
  error,
}: {
  uuid: string;
  serverTime: string;
  value: string;
  maxDaysAhead: number;
  error?: string;
}) {
  const now = new Date(serverTime);
  return (
    <Form method="get" action={shutdownInstancePath(uuid)} data-testid="shutdown-time-form">
      <p>
        服务器当前时间：<span data-testid="shutdown-server-time">{formatDateTime(serverTime)}</span>（北京时间）
      </p>
      <Field
        label={`关机时间（北京时间，精确到分钟，${maxDaysAhead} 天内）`}
        name="at"
        type="datetime-local"
        step={60}
        min={shutdownInputValue(new Date(now.getTime() + 60_000))}
        defaultValue={value}
        required
        error={error}
        data-testid="shutdown-at"
      />
      <Button type="submit" data-testid="shutdown-quote">
        预估费用
      </Button>
    </Form>
  );
}

/** Step two (the second ask): when it will stop, what running until then costs, what survives, and 确认. */
export function ShutdownConfirm({
  uuid,
  preview,
  replacing,
}: {
  uuid: string;
  preview: ShutdownPreviewWire;
  replacing: boolean;
}) {
  return (
    <Form method="post" action={shutdownInstancePath(uuid)} data-testid="shutdown-confirm-form">
      <p data-testid="shutdown-preview">
        实例将于 <strong>{formatDateTime(preview.ShutdownAt)}</strong>
        （北京时间）自动关机，仅执行一次；在此之前关机或释放会自动取消。
        <br />
        <Estimate estimate={preview.Estimate} />
      </p>
      <SurvivalFacts row={survivalRow("stop", preview.RetentionDays)} />
      <input type="hidden" name="instance_uuid" value={uuid} />
      <input type="hidden" name="shutdown_at" value={shutdownInputValue(new Date(preview.ShutdownAt))} />
      <StatusButton intent="set" data-testid="shutdown-confirm" pendingText="设置中…">
        {replacing ? "确认修改定时关机" : "确认设置定时关机"}
      </StatusButton>
    </Form>
  );
}

/** The pending shutdown, with its estimate from now and 取消定时关机 (posts to the shutdown page, which returns here). */
export function PendingShutdown({ uuid, shutdown }: { uuid: string; shutdown: PendingShutdownWire }) {
  return (
    <Form method="post" action={shutdownInstancePath(uuid)} data-testid="shutdown-pending">
      <p>
        定时关机：将于 <strong data-testid="shutdown-pending-at">{formatDateTime(shutdown.ShutdownAt)}</strong>
        （北京时间）自动关机。
        <br />
        <Estimate estimate={shutdown.Estimate} />
      </p>
      <input type="hidden" name="instance_uuid" value={uuid} />
      <StatusButton intent="cancel" variant="secondary" data-testid="shutdown-cancel" pendingText="取消中…">
        取消定时关机
      </StatusButton>
    </Form>
  );
}

/** The instance page's block: the pending shutdown (change, cancel), or the way to set one on a running instance. */
export function ShutdownPanel({
  instance,
  shutdown,
}: {
  instance: InstanceWire;
  shutdown: PendingShutdownWire | null;
}) {
  if (shutdown)
    return (
      <>
        <PendingShutdown uuid={instance.InstanceUuid} shutdown={shutdown} />
        <p>
          <Link to={shutdownInstancePath(instance.InstanceUuid)} prefetch="intent" data-testid="shutdown-link">
            修改定时关机
          </Link>
        </p>
      </>
    );
  if (instance.State !== "running") return null;
  return (
    <p>
      <Link to={shutdownInstancePath(instance.InstanceUuid)} prefetch="intent" data-testid="shutdown-link">
        定时关机
      </Link>
    </p>
  );
}
