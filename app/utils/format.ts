/** China Standard Time: UTC+8 all year (no daylight saving since 1991). */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

function beijing(iso: string): Date {
  return new Date(new Date(iso).getTime() + BEIJING_OFFSET_MS);
}

/**
 * Beijing time as YYYY-MM-DD HH:mm, the same on the server and in the browser
 * (no hydration mismatch). Plain arithmetic: an Intl formatter per call was a
 * measurable part of rendering the top bar.
 */
export function formatDateTime(iso: string): string {
  const d = beijing(iso);
  return `${formatYmd(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Beijing date as YYYY-MM-DD. */
export function formatDate(iso: string): string {
  return formatYmd(beijing(iso));
}

function formatYmd(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
