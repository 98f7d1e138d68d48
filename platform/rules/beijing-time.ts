/** Asia/Shanghai is UTC+8 all year (no daylight saving since 1991). */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-11-29 07:03": the minute in Beijing time, for messages the platform writes (site messages, e-mails). */
export function beijingDateTime(at: Date): string {
  const d = new Date(at.getTime() + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
