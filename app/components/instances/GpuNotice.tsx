import { Form, Link } from "@remix-run/react";
import type { GpuNoticeViewWire, GpuNoticeWire } from "~/upstream/gpu-notice.server";
import { gpuNoticePath } from "~/utils/console-paths";
import { formatDateTime } from "~/utils/format";
import { restartInstancePath } from "~/utils/restart-instance";
import { CheckboxField } from "../ui/Field";
import { Muted } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

const CANCEL_REASONS: Record<NonNullable<GpuNoticeWire["CancelReason"]>, string> = {
  user: "已取消",
  started: "实例已开机，已自动取消",
  released: "实例已释放，已自动取消",
  moved: "实例已迁移到其他主机，已自动取消",
  gpus_held: "实例已重新占用 GPU，已自动取消",
};

const channelsText = (n: GpuNoticeWire) =>
  ["站内信", ...(n.Sms ? ["短信"] : []), ...(n.Email ? ["邮件"] : [])].join("、");

/** How the instance's last notice ended, in one sentence. */
function endedText(n: GpuNoticeWire): string {
  const at = n.EndedAt ? `${formatDateTime(n.EndedAt)}（北京时间）` : "";
  if (n.State === "sent") return `上次的 GPU 空闲通知已于 ${at}通过${channelsText(n)}发送。`;
  if (n.State === "expired")
    return `上次的 GPU 空闲通知已于 ${at}过期：订阅后 24 小时内主机 ${n.HostName} 未空出足够的 GPU，未发送。`;
  return `上次的 GPU 空闲通知${CANCEL_REASONS[n.CancelReason ?? "user"]}（${at}）。`;
}

/** The waiting notice: what it waits for, until when, by which channels, and 取消通知. */
function WaitingNotice({ uuid, notice }: { uuid: string; notice: GpuNoticeWire }) {
  return (
    <Form method="post" action={gpuNoticePath(uuid)} data-testid="gpu-notice-waiting">
      <p>
        GPU 空闲通知：<strong>等待中</strong>。
        {`主机 ${notice.HostName} 空闲 GPU 达到 ${notice.GpuCount} 张时通过${channelsText(notice)}通知您（只通知一次），有效至 `}
        <strong data-testid="gpu-notice-expires">{formatDateTime(notice.ExpiresAt)}</strong>（北京时间）。
        <br />
        <Muted>通知不预留 GPU，先到先得：收到通知后请尽快开机。</Muted>
      </p>
      <input type="hidden" name="instance_uuid" value={uuid} />
      <StatusButton intent="cancel" variant="secondary" data-testid="gpu-notice-cancel" pendingText="取消中…">
        取消通知
      </StatusButton>
    </Form>
  );
}

/** 空闲时通知我: the channels (the site message always; SMS and email when the account may choose them). */
export function GpuNoticeForm({
  view,
  errors = {},
  values = {},
}: {
  view: GpuNoticeViewWire;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
}) {
  const uuid = view.Instance.InstanceUuid;
  return (
    <Form method="post" action={gpuNoticePath(uuid)} data-testid="gpu-notice-form">
      <p>
        {`所在主机 ${view.Instance.HostName} 当前空闲 GPU ${view.Instance.HostGpuFree} 张，开机需要 ${view.Instance.GpuCount} 张。`}
        {`订阅后，空闲 GPU 足够时我们会通知您一次，并附开机链接；通知 ${view.ValidHours} 小时内有效。`}
        <br />
        <Muted>通知不预留 GPU，先到先得。</Muted>
      </p>
      <p>通知方式：站内信（必选）</p>
      <CheckboxField
        name="notify_sms"
        disabled={!view.Sms.Available}
        defaultChecked={values.notify_sms === "1"}
        error={errors.notify_sms}
      >
        短信{view.Sms.Address ? `（${view.Sms.Address}）` : ""}
        {view.Sms.Refusal && <Muted>：{view.Sms.Refusal}</Muted>}
      </CheckboxField>
      <CheckboxField
        name="notify_email"
        disabled={!view.Email.Available}
        defaultChecked={values.notify_email === "1"}
        error={errors.notify_email}
      >
        邮件{view.Email.Address ? `（${view.Email.Address}）` : ""}
        {view.Email.Refusal && <Muted>：{view.Email.Refusal}</Muted>}
      </CheckboxField>
      <input type="hidden" name="instance_uuid" value={uuid} />
      <StatusButton intent="subscribe" data-testid="gpu-notice-subscribe" pendingText="订阅中…">
        空闲时通知我
      </StatusButton>
    </Form>
  );
}

/** Whether the instance has a notice to show or may ask for one: a waiting one, the last one of a stopped instance, or the form. */
export function showsGpuNotice(view: GpuNoticeViewWire): boolean {
  const waiting = view.Notice?.State === "waiting";
  return waiting || view.Refusal === null || (view.Notice !== null && view.Instance.State === "stopped");
}

/**
 * The GPU free notice of one instance: the waiting notice with 取消通知, how the last one ended, and, for a stopped
 * hourly instance whose host lacks its GPUs, the form. When the host has the GPUs now: 现在就可以开机 with the start
 * link. Nothing for an instance that may not ask and has no notice to show.
 */
export function GpuNoticePanel({
  view,
  errors,
  values,
}: {
  view: GpuNoticeViewWire;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
}) {
  const uuid = view.Instance.InstanceUuid;
  const notice = view.Notice;
  const waiting = notice?.State === "waiting";
  const stopped = view.Instance.State === "stopped";
  if (!showsGpuNotice(view)) return null;
  return (
    <div data-testid="gpu-notice">
      {waiting && <WaitingNotice uuid={uuid} notice={notice} />}
      {notice && !waiting && <p data-testid="gpu-notice-ended">{endedText(notice)}</p>}
      {!waiting && view.Refusal === null && <GpuNoticeForm view={view} errors={errors} values={values} />}
      {!waiting && view.Refusal?.StartNow && stopped && <StartNow uuid={uuid} reason={view.Refusal.Reason} />}
    </div>
  );
}

/** The host has the GPUs now: no notice needed, start it. */
export function StartNow({ uuid, reason }: { uuid: string; reason: string }) {
  return (
    <p data-testid="gpu-notice-start-now">
      {reason}{" "}
      <Link to={restartInstancePath(uuid)} data-testid="gpu-notice-start-link">
        去开机
      </Link>
    </p>
  );
}
