import { describe, expect, it } from "vitest";
import { chartGeometry, niceStep, type ChartDay } from "./spending-chart-geometry";

const days = (n: number, spend: (i: number) => [number, number] = () => [0, 0]): ChartDay[] =>
  Array.from({ length: n }, (_, i) => {
    const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    const [cash, voucher] = spend(i);
    return { date, cash, voucher };
  });

describe("chartGeometry", () => {
  it("round steps up to the highest day", () => {
    expect([niceStep(100), niceStep(41.5), niceStep(3), niceStep(0.4)]).toEqual([50, 20, 1, 0.1]);
    const g = chartGeometry(days(30, (i) => (i === 29 ? [35.5, 6] : [0, 0])));
    expect(g.ticks.map((t) => t.label)).toEqual(["0", "20", "40", "60"]);
    expect(g.ticks[0]!.y).toBe(g.plot.bottom);
  });

  it("stacks the voucher part on the cash part, scaled to the axis", () => {
    const g = chartGeometry(days(2, (i) => (i === 1 ? [30, 10] : [0, 0])));
    const [empty, full] = g.bars;
    expect(empty!.cash.height).toBe(0);
    expect(full!.voucher.y + full!.voucher.height).toBeCloseTo(full!.cash.y);
    const perYuan = (g.plot.bottom - g.plot.top) / 40;
    expect(full!.cash.height).toBeCloseTo(30 * perYuan);
    expect(full!.voucher.height).toBeCloseTo(10 * perYuan);
  });

  it("a month in about 800 units, a year wider (the box scrolls); the newest day always labelled, labels apart", () => {
    const month = chartGeometry(days(31));
    expect(month.width).toBeGreaterThan(700);
    expect(month.width).toBeLessThan(900);
    const year = chartGeometry(days(366));
    expect(year.width).toBeGreaterThan(366 * 8);
    for (const g of [month, year]) {
      expect(g.labels.at(-1)!.text).toBe(g.bars.at(-1)!.date.slice(5));
      const gaps = g.labels.slice(1).map((l, i) => l.x - g.labels[i]!.x);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(40);
      expect(g.labels.at(-1)!.x + 16).toBeLessThanOrEqual(g.width);
    }
  });

  it("no spending: an axis from 0 and no bar taller than nothing", () => {
    const g = chartGeometry(days(7));
    expect(g.ticks[0]!.label).toBe("0");
    expect(g.bars.every((b) => b.cash.height === 0 && b.voucher.height === 0)).toBe(true);
  });
});
