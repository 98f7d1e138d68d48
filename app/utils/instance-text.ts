/**
 * How the console words an instance (issue 12 §4): its state in Chinese, its
 * billing mode, which states are changing (the list polls while one is), what
 * a user may do from each state, and the release countdown.
 */
import type { BillingModeWire, InstanceStateWire, InstanceWire } from "~/upstream/instances.server";
import { BILLING_MODE_LABELS } from "../../platform/rules/billing-mode-text";

export const STATE_LABELS: Record<InstanceStateWire, string> = {
  creating: "创建中",
  running: "运行中",
  stopping: "关机中",
  stopped: "已关机",
  starting: "开机中",
  restarting: "重启中",
  releasing: "释放中",
  released: "已释放",
};

export const BILLING_LABELS: Record<BillingModeWire, string> = BILLING_MODE_LABELS;

export const MACHINE_TYPE_LABELS = { kvm: "云主机", docker: "容器实例", bare_metal: "裸金属" } as const;

export const STOP_REASON_LABELS = { user: "手动关机", arrears: "余额不足", expired: "包期到期" } as const;

const TRANSITIONAL: ReadonlySet<InstanceStateWire> = new Set([
  "creating",
  "stopping",
  "starting",
  "restarting",
  "releasing",
]);

/** True while the fleet is moving the instance from one state to another. */
export function isTransitional(state: InstanceStateWire): boolean {
  return TRANSITIONAL.has(state);
}

export type InstanceIntent = "start" | "stop" | "restart" | "release";

/** The actions a user may take now: start when stopped; stop, restart (hourly) when running; release from both. */
export function allowedIntents(instance: Pick<InstanceWire, "State" | "BillingMode">): InstanceIntent[] {
  if (instance.State === "stopped") return ["start", "release"];
  if (instance.State === "running")
    return instance.BillingMode === "hour" ? ["stop", "restart", "release"] : ["stop", "release"];
  return [];
}

export const INTENT_LABELS: Record<InstanceIntent, string> = {
  start: "开机",
  stop: "关机",
  restart: "重启",
  release: "释放",
};

/** "3天5小时后释放", "42分钟后释放", or "即将释放", counted from the loader's `now`. */
export function releaseCountdown(releaseAt: string, now: string): string {
  const minutes = Math.floor((new Date(releaseAt).getTime() - new Date(now).getTime()) / 60_000);
  if (minutes <= 0) return "即将释放";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}天${hours}小时后释放`;
  if (hours > 0) return `${hours}小时${minutes % 60}分钟后释放`;
  return `${minutes}分钟后释放`;
}
