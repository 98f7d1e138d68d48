/**
 * How long someone has waited, as the desk shows it (已等待 3 小时): minutes
 * under an hour, hours under two days, then days and hours.
 */
export function waitingText(sinceIso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(sinceIso).getTime()) / 60_000));
  if (minutes < 60) return `已等待 ${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `已等待 ${hours} 小时`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `已等待 ${days} 天` : `已等待 ${days} 天 ${rest} 小时`;
}
