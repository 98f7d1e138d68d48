/**
 * Scheduled shutdown (定时关机, issue 36 §2, decision 087): the pure rules the
 * platform and the page share. The time is a whole minute in Beijing time
 * (Asia/Shanghai, UTC+8 all year); an hourly instance's estimate is its
 * hourly rate over the time left, computed by the billing's own usage formula;
 * a package is paid already, so it costs nothing more until then.
 */
import { z } from "zod";
import { formatMoney } from "./money";
import { hourlyRateFen, usageChargeFen } from "./rental-price";

/** The latest a shutdown may be set: this many days after now. */
export const SHUTDOWN_MAX_DAYS_AHEAD = 30;

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const MINUTE_MS = 60_000;
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * "2026-11-28T14:30" (what `<input type="datetime-local">` posts) or "2026-11-28 14:30", in Beijing time →
 * that instant; null when it is not a real minute.
 */
export function parseShutdownMinute(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::00(?:\.0+)?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const local = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const real =
    local.getUTCFullYear() === y &&
    local.getUTCMonth() === mo - 1 &&
    local.getUTCDate() === d &&
    local.getUTCHours() === h &&
    local.getUTCMinutes() === mi;
  return real ? new Date(local.getTime() - BEIJING_OFFSET_MS) : null;
}

export const SHUTDOWN_TIME_REQUIRED = "请选择定时关机时间";
export const SHUTDOWN_TIME_INVALID = "时间格式不正确，请按“年-月-日 时:分”填写";

/** The `shutdown_at` field as the page and the wire read it: a real Beijing-time minute, as text. */
export const shutdownAtText = z
  .string({ required_error: SHUTDOWN_TIME_REQUIRED, invalid_type_error: SHUTDOWN_TIME_INVALID })
  .trim()
  .min(1, SHUTDOWN_TIME_REQUIRED)
  .max(32, SHUTDOWN_TIME_INVALID)
  .refine((v) => parseShutdownMinute(v) !== null, SHUTDOWN_TIME_INVALID);

/** An instant as the form's value, "YYYY-MM-DDTHH:mm" in Beijing time (seconds dropped). */
export function shutdownInputValue(at: Date): string {
  const b = new Date(at.getTime() + BEIJING_OFFSET_MS);
  return `${b.getUTCFullYear()}-${pad(b.getUTCMonth() + 1)}-${pad(b.getUTCDate())}T${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}`;
}

/** An instant as people read it: "2026-11-28 14:30" (Beijing time). */
export function shutdownText(at: Date): string {
  return shutdownInputValue(at).replace("T", " ");
}

/** The form's suggestion: the next whole hour at least 30 minutes from now. */
export function suggestedShutdown(now: Date): Date {
  const hour = 60 * MINUTE_MS;
  return new Date(Math.ceil((now.getTime() + 30 * MINUTE_MS) / hour) * hour);
}

/** Why a time cannot be the instance's shutdown (a sentence for beside the field), or null when it can. */
export function shutdownTimeRefusal(input: { fireAt: Date; now: Date; packageExpiresAt: Date | null }): string | null {
  const { fireAt, now, packageExpiresAt } = input;
  if (fireAt.getTime() <= now.getTime()) return `定时关机时间需晚于当前时间（${shutdownText(now)}）`;
  if (fireAt.getTime() > now.getTime() + SHUTDOWN_MAX_DAYS_AHEAD * 86_400_000)
    return `定时关机时间不能晚于 ${SHUTDOWN_MAX_DAYS_AHEAD} 天后`;
  if (packageExpiresAt && fireAt.getTime() >= packageExpiresAt.getTime())
    return `套餐将于 ${shutdownText(packageExpiresAt)} 到期并自动关机，定时关机时间需早于到期时间`;
  return null;
}

/** What running on until the shutdown costs. */
export type ShutdownEstimate =
  | { billing: "hourly"; seconds: number; hourlyFen: number; amountFen: number }
  | { billing: "package"; seconds: number };

/** The cost from now until `fireAt`: hourly, the billing's usage charge for those seconds; a package, nothing more. */
export function shutdownEstimate(input: {
  now: Date;
  fireAt: Date;
  hourly: boolean;
  unitPriceFen: number;
  gpuCount: number;
  vipDiscountBp: number;
}): ShutdownEstimate {
  const seconds = Math.max(0, Math.floor((input.fireAt.getTime() - input.now.getTime()) / 1000));
  if (!input.hourly) return { billing: "package", seconds };
  const price = { unitPriceFen: input.unitPriceFen, gpuCount: input.gpuCount, vipDiscountBp: input.vipDiscountBp };
  const hourlyFen = hourlyRateFen(price);
  const { amountFen } = usageChargeFen({ ...price, seconds });
  return { billing: "hourly", seconds, hourlyFen, amountFen };
}

/** "2 小时 30 分钟", "45 分钟", "3 天 1 小时" (whole minutes, rounded down). */
export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = [days ? `${days} 天` : "", hours ? `${hours} 小时` : "", mins || minutes === 0 ? `${mins} 分钟` : ""];
  return parts.filter(Boolean).join(" ");
}

/** The estimate as one sentence: what it is computed from, and what it leaves out. */
export function shutdownEstimateText(e: ShutdownEstimate): string {
  if (e.billing === "package") return `套餐已预付，距关机还有 ${durationText(e.seconds)}，期间不产生额外费用`;
  return (
    `按量计费 ${formatMoney(e.hourlyFen)}/小时 × ${durationText(e.seconds)}，` +
    `预计 ${formatMoney(e.amountFen)}（从现在到关机，按秒计费；不含此前已产生的费用）`
  );
}
