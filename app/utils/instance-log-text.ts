import type { InstanceEventKindWire, InstanceLogFilterWire, InstanceLogKindWire } from "~/upstream/timeline.server";

/** What each kind of log row is called on the instance page. */
export const LOG_KIND_LABELS: Record<InstanceLogKindWire, string> = {
  create: "创建",
  start: "开机",
  stop: "关机",
  restart: "重启",
  release: "释放",
  running: "已运行",
  stopped: "已关机",
  released: "已释放",
  arrears_stop: "欠费关机",
  expired_stop: "到期关机",
  retention_release: "保留期满释放",
  refund: "提前结束并退款",
  renew: "续费",
  resize: "调整配置",
  plugin_on: "开启插件",
  plugin_off: "关闭插件",
  schedule_set: "设置定时关机",
  schedule_cancel: "取消定时关机",
  schedule_fired: "定时关机",
  migrate: "迁移",
  start_without_gpu: "无卡模式开机",
  image_save: "保存镜像",
  image_saved: "镜像保存完成",
  system_reset: "重置系统",
  image_change: "更换镜像",
  gpu_notice_set: "订阅GPU空闲通知",
  gpu_notice_sent: "GPU空闲通知已发送",
  gpu_notice_expired: "GPU空闲通知过期",
  gpu_notice_cancel: "取消GPU空闲通知",
  package_order: "套餐扣费",
  settlement: "按量结算",
} satisfies Record<InstanceEventKindWire | "package_order" | "settlement", string>;

export const LOG_ACTOR_LABELS = { user: "用户", system: "系统", staff: "客服" } as const;

/** The log's filter choices, in the order the select shows them ("all" is the select's empty choice). */
export const LOG_FILTER_OPTIONS: [Exclude<InstanceLogFilterWire, "all">, string][] = [
  ["lifecycle", "全部生命周期事件"],
  ["charge", "全部扣费"],
  ...(Object.entries(LOG_KIND_LABELS) as [Exclude<InstanceLogFilterWire, "all">, string][]),
];
