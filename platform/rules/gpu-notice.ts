/**
 * The GPU free notice's rules (issue 36 §2, decision 092), pure so the page and the platform say the same: how long
 * a notice waits, which instances may ask for one, and the start link its site message carries (the web tier turns
 * that path into a link).
 */

/** A waiting notice expires this long after it was asked for, and is never sent after. */
export const GPU_NOTICE_VALID_HOURS = 24;
export const GPU_NOTICE_VALID_MS = GPU_NOTICE_VALID_HOURS * 3_600_000;

/** The site message's title. */
export const GPU_NOTICE_TITLE = "GPU 空闲通知";

/** The page that starts (or restarts) an instance from a link: app/routes/restartInstance.tsx. */
export const RESTART_INSTANCE_PATH = "/restartInstance";

/** The start link of one instance, as the site message carries it (uuids are [A-Za-z0-9_-], nothing to escape). */
export const restartInstanceLink = (uuid: string) =>
  `${RESTART_INSTANCE_PATH}?${new URLSearchParams({ uuid }).toString()}`;

/** The start links inside a message's text, for the web tier to show as links. */
export const START_LINK_PATTERN = /\/restartInstance\?uuid=[A-Za-z0-9_-]{1,64}/g;

/** Why an instance may not ask for a notice now. `startNow`: its host has the GPUs, so it can be started at once. */
export interface GpuNoticeRefusal {
  reason: string;
  startNow: boolean;
}

export const GPU_NOTICE_START_NOW = "现在就可以开机：所在主机的空闲 GPU 已足够";

/** What decides whether a notice may be asked for. */
export interface GpuNoticeFacts {
  state: string;
  billingMode: string;
  /** A stopped package in its term holds its GPUs: it starts whatever the host's free count. */
  gpuHeld: boolean;
  gpuCount: number;
  hostOnline: boolean;
  hostGpuFree: number;
}

/**
 * Null when the instance may ask: stopped, pay-as-you-go (a stopped hourly instance holds no GPU and takes them again
 * at its start), on a host that lacks them now (offline, or fewer free than it needs).
 */
export function gpuNoticeRefusal(f: GpuNoticeFacts): GpuNoticeRefusal | null {
  if (f.state !== "stopped") return { reason: "仅已关机的实例可以订阅 GPU 空闲通知", startNow: false };
  if (f.billingMode !== "hour")
    return f.gpuHeld
      ? { reason: "包时、包日、包月实例在有效期内关机仍保留 GPU，可直接开机", startNow: false }
      : { reason: "套餐已到期，请先续费（续费时重新占用 GPU）", startNow: false };
  if (f.gpuHeld) return { reason: "实例仍占用 GPU，可直接开机", startNow: true };
  if (f.hostOnline && f.hostGpuFree >= f.gpuCount) return { reason: GPU_NOTICE_START_NOW, startNow: true };
  return null;
}

/** The SMS template's variable: the instance's name, cut to what an SMS variable may carry. */
export const smsInstanceName = (name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name);
