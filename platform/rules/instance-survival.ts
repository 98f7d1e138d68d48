/**
 * What survives each action on an instance (issue 36 §0): one row per action,
 * one cell per thing a renter keeps on it, and how long it is kept. The
 * confirmation of each action shows its row; the instance page shows the whole
 * table. Pure, so the console renders it from the same constants the
 * platform's retention uses.
 */

/** The actions a renter meets, in the order the table lists them. */
export const SURVIVAL_ACTIONS = [
  "stop",
  "start_without_gpu",
  "release",
  "expiry",
  "arrears_stop",
  "system_reset",
  "image_change",
  "migration",
  "downgrade",
] as const;
export type SurvivalAction = (typeof SURVIVAL_ACTIONS)[number];

/** The things on an instance, in the order of the table's columns. */
export const SURVIVAL_THINGS = [
  "system_disk",
  "data_disk",
  "cloud_disk",
  "address",
  "plugins",
  "images",
  "processes",
] as const;
export type SurvivalThing = (typeof SURVIVAL_THINGS)[number];

/**
 * The actions and things the platform offers today: the table's rules cover
 * every action of issue 36, and the pages show a row or a column once what it
 * speaks of exists (each part of the issue adds its own here when it lands).
 */
export const OFFERED_SURVIVAL_ACTIONS: readonly SurvivalAction[] = [
  "stop",
  "start_without_gpu",
  "release",
  "expiry",
  "arrears_stop",
  "system_reset",
  "image_change",
  "migration",
  "downgrade",
];
export const OFFERED_SURVIVAL_THINGS: readonly SurvivalThing[] = [
  "system_disk",
  "data_disk",
  "cloud_disk",
  "address",
  "plugins",
  "images",
  "processes",
];

export const SURVIVAL_ACTION_LABELS: Record<SurvivalAction, string> = {
  stop: "关机",
  start_without_gpu: "无卡模式开机",
  release: "释放",
  expiry: "包时/包日/包月到期",
  arrears_stop: "欠费关机",
  system_reset: "重置系统",
  image_change: "更换镜像",
  migration: "迁移",
  downgrade: "降配（减少 GPU）",
};

export const SURVIVAL_THING_LABELS: Record<SurvivalThing, string> = {
  system_disk: "系统盘",
  data_disk: "数据盘",
  cloud_disk: "云盘",
  address: "地址与端口",
  plugins: "插件",
  images: "自定义镜像",
  processes: "运行中的进程",
};

/**
 * kept: unchanged; moved: comes along to another host; reset: returned to the
 * image's state; replaced: another image's system; changed: kept but different
 * (a new address); deleted: gone, not recoverable; ended: stopped (processes).
 */
export type SurvivalFate = "kept" | "moved" | "reset" | "replaced" | "changed" | "deleted" | "ended";

export const SURVIVAL_FATE_LABELS: Record<SurvivalFate, string> = {
  kept: "保留",
  moved: "随实例迁移",
  reset: "恢复为镜像初始状态",
  replaced: "换为新镜像",
  changed: "变更",
  deleted: "删除",
  ended: "结束",
};

export interface SurvivalCell {
  fate: SurvivalFate;
  /** What exactly happens, in a sentence. */
  note: string;
}

export interface SurvivalRow {
  action: SurvivalAction;
  label: string;
  cells: Record<SurvivalThing, SurvivalCell>;
  /** How long what is kept stays kept, after this action. */
  retention: string;
}

const cell = (fate: SurvivalFate, note: string): SurvivalCell => ({ fate, note });

/** Kept by every action: the account's own things do not live on the instance. */
const CLOUD_DISK_KEPT = cell("kept", "云盘独立于实例，按云盘自身的有效期保留");
const IMAGES_KEPT = cell("kept", "已保存的自定义镜像属于账户，不受影响");

/** The survival table (every action, every thing), with the site's retention after a stop (days). */
export function survivalTable(retentionDays: number): SurvivalRow[] {
  const retained = `关机后保留 ${retentionDays} 天，期满自动释放，释放后数据无法恢复`;
  const stoppedCells = (why: string): Record<SurvivalThing, SurvivalCell> => ({
    system_disk: cell("kept", `${why}，系统盘保留`),
    data_disk: cell("kept", `${why}，数据盘保留`),
    cloud_disk: CLOUD_DISK_KEPT,
    address: cell("kept", "保留原主机上的地址与端口；开机时若该主机 GPU 不足，可迁移（地址会变）"),
    plugins: cell("kept", "插件的开关与自定义端口保留，开机后自动恢复"),
    images: IMAGES_KEPT,
    processes: cell("ended", "所有进程结束，未保存到磁盘的内容丢失"),
  });
  const rows: Record<SurvivalAction, Omit<SurvivalRow, "action" | "label">> = {
    stop: {
      cells: stoppedCells("关机后"),
      retention: `按量计费：${retained}；包时/包日/包月：套餐有效期内一直保留，到期后再保留 ${retentionDays} 天`,
    },
    start_without_gpu: {
      cells: {
        system_disk: cell("kept", "系统盘照常挂载，可读可写"),
        data_disk: cell("kept", "数据盘照常挂载，可拷出数据"),
        cloud_disk: CLOUD_DISK_KEPT,
        address: cell("kept", "地址与端口不变"),
        plugins: cell("kept", "插件照常可用（需要 GPU 的程序无法运行）"),
        images: IMAGES_KEPT,
        processes: cell("ended", "重新开机，之前的进程不会恢复"),
      },
      retention: "运行期间按无卡模式的小时价计费，不占用 GPU",
    },
    release: {
      cells: {
        system_disk: cell("deleted", "系统盘立即删除，无法恢复"),
        data_disk: cell("deleted", "数据盘立即删除，无法恢复"),
        cloud_disk: CLOUD_DISK_KEPT,
        address: cell("deleted", "地址与端口收回"),
        plugins: cell("deleted", "插件及其访问地址一并删除"),
        images: IMAGES_KEPT,
        processes: cell("ended", "所有进程结束"),
      },
      retention: "不保留：释放后立即删除。需要保留的数据请先存入云盘或保存为镜像",
    },
    expiry: {
      cells: stoppedCells("到期自动关机后"),
      retention: `到期后保留 ${retentionDays} 天，其间续费即可开机；期满自动释放`,
    },
    arrears_stop: {
      cells: stoppedCells("欠费关机后"),
      retention: `欠费关机后保留 ${retentionDays} 天，其间充值即可开机；期满自动释放`,
    },
    system_reset: {
      cells: {
        system_disk: cell("reset", "系统盘恢复为所选镜像的初始状态，其上的文件全部清除"),
        data_disk: cell("kept", "数据盘不受影响"),
        cloud_disk: CLOUD_DISK_KEPT,
        address: cell("kept", "地址与端口不变"),
        plugins: cell("kept", "插件的开关保留；装在系统盘上的自定义程序需重新安装"),
        images: IMAGES_KEPT,
        processes: cell("ended", "所有进程结束"),
      },
      retention: "立即生效，系统盘原有内容不保留",
    },
    image_change: {
      cells: {
        system_disk: cell("replaced", "系统盘换为新镜像，原系统盘上的文件全部清除"),
        data_disk: cell("kept", "数据盘不受影响"),
        cloud_disk: CLOUD_DISK_KEPT,
        address: cell("kept", "地址与端口不变"),
        plugins: cell("kept", "插件的开关保留；装在系统盘上的自定义程序需重新安装"),
        images: IMAGES_KEPT,
        processes: cell("ended", "所有进程结束"),
      },
      retention: "立即生效，原系统盘内容不保留；如需保留请先保存为镜像",
    },
    migration: {
      cells: {
        system_disk: cell("moved", "系统盘随实例迁到新主机"),
        data_disk: cell("moved", "数据盘随实例迁到新主机"),
        cloud_disk: cell("kept", "云盘按地区提供，同地区迁移后照常挂载"),
        address: cell("changed", "换为新主机的地址与端口，请更新 SSH 配置"),
        plugins: cell("changed", "插件开关保留，访问地址随新主机变化"),
        images: IMAGES_KEPT,
        processes: cell("ended", "迁移需先关机，所有进程结束"),
      },
      retention: "迁移完成后，原主机上的副本删除；实例的历史与账单保留",
    },
    downgrade: {
      cells: {
        system_disk: cell("kept", "系统盘保留"),
        data_disk: cell("kept", "数据盘保留（数据盘只能扩容，不能缩小）"),
        cloud_disk: CLOUD_DISK_KEPT,
        address: cell("kept", "同一主机，地址与端口不变"),
        plugins: cell("kept", "插件的开关与自定义端口保留"),
        images: IMAGES_KEPT,
        processes: cell("ended", "变更配置需先关机，所有进程结束"),
      },
      retention:
        "立即生效；按量计费实例从下次开机起按新单价计费；包时、包日、包月实例按剩余时长退还减少的 GPU 的差价，释放的 GPU 立即归还主机",
    },
  };
  return SURVIVAL_ACTIONS.map((action) => ({ action, label: SURVIVAL_ACTION_LABELS[action], ...rows[action] }));
}

/** The rows of the actions offered today, in the table's order. */
export function offeredSurvivalTable(retentionDays: number): SurvivalRow[] {
  return survivalTable(retentionDays).filter((row) => OFFERED_SURVIVAL_ACTIONS.includes(row.action));
}

/** The actions whose row speaks of the site's retention after a stop. */
export type RetainingAction = "stop" | "expiry" | "arrears_stop";

/** One action's row, for its confirmation. */
export function survivalRow(action: RetainingAction, retentionDays: number): SurvivalRow;
/** The row of an action that keeps nothing by the retention days (release, reset, …): it needs no figure. */
export function survivalRow(action: Exclude<SurvivalAction, RetainingAction>): SurvivalRow;
export function survivalRow(action: SurvivalAction, retentionDays = 0): SurvivalRow {
  return survivalTable(retentionDays).find((row) => row.action === action)!;
}
