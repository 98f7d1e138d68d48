const dateTime = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

const date = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Beijing time, the same on the server and in the browser (no hydration mismatch). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso)).replace(/\//g, "-");
}

export function formatDate(iso: string): string {
  return date.format(new Date(iso)).replace(/\//g, "-");
}
