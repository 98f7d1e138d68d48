/** One day of spending in yuan, as numbers for drawing only (the figures shown as text stay the wire's strings). */
export interface ChartDay {
  /** YYYY-MM-DD (Asia/Shanghai). */
  date: string;
  cash: number;
  voucher: number;
}

/** The chart's text size in the drawing's units; the page never shows the drawing smaller than 1:1. */
export const LABEL_SIZE = 11;
const HEIGHT = 220;
const PLOT = { left: 44, right: 20, top: 12, bottom: 24 };
/** Per day: wide bars for a month, at least 8 units a day for a year (the box then scrolls, newest day in view). */
const SLOT_MAX = 24;
const SLOT_MIN = 8;
const PLOT_WIDTH_TARGET = 744;
/** Room an axis label "11-28" needs, so labels never overlap. */
const LABEL_ROOM = 40;

export interface ChartBar {
  date: string;
  x: number;
  width: number;
  /** The cash part, from the axis up, then the voucher part on top of it. */
  cash: { y: number; height: number };
  voucher: { y: number; height: number };
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  ticks: { value: number; label: string; y: number }[];
  bars: ChartBar[];
  /** The day labels under the axis: every k-th day, the newest always labelled. */
  labels: { x: number; text: string }[];
}

/** A round step for about four intervals up to `max` (1, 2 or 5 times a power of ten). */
export function niceStep(max: number): number {
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
}

/** Where everything of the stacked bar chart goes, in the drawing's units (its viewBox). */
export function chartGeometry(days: ChartDay[]): ChartGeometry {
  const slot = Math.max(SLOT_MIN, Math.min(SLOT_MAX, PLOT_WIDTH_TARGET / Math.max(days.length, 1)));
  const width = Math.round(PLOT.left + slot * days.length + PLOT.right);
  const plot = { left: PLOT.left, right: width - PLOT.right, top: PLOT.top, bottom: HEIGHT - PLOT.bottom };
  const highest = Math.max(0, ...days.map((d) => d.cash + d.voucher));
  const step = highest > 0 ? niceStep(highest) : 1;
  const top = highest > 0 ? Math.ceil(highest / step) * step : 4;
  const scale = (plot.bottom - plot.top) / top;
  const y = (value: number) => plot.bottom - value * scale;
  const ticks = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) {
    const value = Number((i * step).toFixed(2));
    ticks.push({ value, label: String(value), y: y(value) });
  }
  const barWidth = Math.max(2, slot * 0.6);
  const bars = days.map((d, i) => {
    const x = plot.left + slot * i + (slot - barWidth) / 2;
    const cashHeight = d.cash * scale;
    const voucherHeight = d.voucher * scale;
    return {
      date: d.date,
      x,
      width: barWidth,
      cash: { y: plot.bottom - cashHeight, height: cashHeight },
      voucher: { y: plot.bottom - cashHeight - voucherHeight, height: voucherHeight },
    };
  });
  const every = Math.ceil(LABEL_ROOM / slot);
  const labels = days.flatMap((d, i) =>
    (days.length - 1 - i) % every === 0 ? [{ x: plot.left + slot * i + slot / 2, text: d.date.slice(5) }] : [],
  );
  return { width, height: HEIGHT, plot, ticks, bars, labels };
}
