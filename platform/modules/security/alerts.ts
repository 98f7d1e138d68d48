/** At most one line per alert key in this period; the lines skipped are counted in the next one. */
const ALERT_EVERY_MS = 5 * 60_000;
const lastLogged = new Map<string, { at: number; skipped: number }>();

/**
 * An operator alert: one structured line on stderr ("[alert] key …"), sampled
 * per key so an attack does not flood the log.
 */
export function raiseAlert(key: string, message: string, now: Date, log: (line: string) => void = console.warn): void {
  const seen = lastLogged.get(key);
  if (seen && now.getTime() - seen.at < ALERT_EVERY_MS) {
    seen.skipped++;
    return;
  }
  const skipped = seen?.skipped ?? 0;
  lastLogged.set(key, { at: now.getTime(), skipped: 0 });
  log(`[alert] ${key} ${message}${skipped ? ` (${skipped} more since the last line)` : ""}`);
}
