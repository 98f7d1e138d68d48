/**
 * Sizes as people read them, in decimal units (1 GB = 10^9 bytes, as disks
 * and the desk's size field count): at most one decimal, none for bytes.
 * 170498071 → "170.5 MB", 154642401280 → "154.6 GB", 2048 → "2 KB", 512 → "512 B".
 */
const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;

export function formatByteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`not a size in bytes: ${bytes}`);
  let unit = 0;
  let value = bytes;
  // 999.95 KB would round to "1000.0 KB": it reads as 1 MB.
  while (unit < UNITS.length - 1 && value >= 999.95) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  const shown = value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${UNITS[unit]}`;
}
