import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DISK_GROWTH_STEPS_GB,
  diskGrowthSizes,
  diskSizeError,
  extraDiskChargeFen,
  MAX_DATA_DISK_GB,
  MONTH_SECONDS,
  quoteDiskGrowth,
} from "./data-disk-growth";

const price = fc.integer({ min: 0, max: 10_000 });
const gb = fc.integer({ min: 1, max: MAX_DATA_DISK_GB });

describe("a package's data disk growth", () => {
  it("is prorated to the second and explains itself", () => {
    // A day package with one hour used, +50 GB at ¥0.20/GB·月: 82 800 s × 50 × 20 / 2 592 000 = 31.94 → 32 fen.
    const q = quoteDiskGrowth({ fromDataDiskGb: 50, toDataDiskGb: 100, gbMonthFen: 20, remainingSeconds: 82_800 });
    expect(q).toMatchObject({ kind: "disk_package", addedGb: 50, chargeFen: 32 });
    expect(q.explanation).toBe(
      "数据盘扩容补差价：剩余 82800 秒 × 新增 50GB × ¥0.20/GB·月（30 天 = 2592000 秒）= ¥0.32",
    );
  });

  it("over a whole month costs the month's price exactly, and any split of a term within a fen of the whole", () => {
    fc.assert(
      fc.property(gb, price, fc.integer({ min: 0, max: 12 * MONTH_SECONDS }), fc.nat(), (added, p, term, cut) => {
        expect(extraDiskChargeFen({ seconds: MONTH_SECONDS, gb: added, gbMonthFen: p })).toBe(added * p);
        const first = cut % (term + 1);
        const whole = extraDiskChargeFen({ seconds: term, gb: added, gbMonthFen: p });
        const parts =
          extraDiskChargeFen({ seconds: first, gb: added, gbMonthFen: p }) +
          extraDiskChargeFen({ seconds: term - first, gb: added, gbMonthFen: p });
        expect(Math.abs(parts - whole)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it("grows with the time left and the GB added, is never negative, and is zero with no time left", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        gb,
        price,
        fc.integer({ min: 0, max: 360 * 86_400 }),
        fc.integer({ min: 0, max: 86_400 }),
        (from, added, p, seconds, more) => {
          const charge = (s: number, g: number) =>
            quoteDiskGrowth({ fromDataDiskGb: from, toDataDiskGb: from + g, gbMonthFen: p, remainingSeconds: s })
              .chargeFen;
          expect(charge(seconds, added)).toBeGreaterThanOrEqual(0);
          expect(charge(seconds + more, added)).toBeGreaterThanOrEqual(charge(seconds, added));
          expect(charge(seconds, added + 1)).toBeGreaterThanOrEqual(charge(seconds, added));
          expect(charge(0, added)).toBe(0);
        },
      ),
    );
  });

  it("refuses a size that does not grow", () => {
    expect(() =>
      quoteDiskGrowth({ fromDataDiskGb: 50, toDataDiskGb: 50, gbMonthFen: 20, remainingSeconds: 1 }),
    ).toThrow(RangeError);
    expect(diskSizeError(50, 50)).toBe("数据盘只能扩容，新容量应大于当前的 50GB");
    expect(diskSizeError(50, 40)).toBe("数据盘只能扩容，新容量应大于当前的 50GB");
    expect(diskSizeError(50, MAX_DATA_DISK_GB + 1)).toBe(`数据盘最大 ${MAX_DATA_DISK_GB}GB`);
    expect(diskSizeError(50, 100)).toBeNull();
  });
});

describe("the sizes on offer", () => {
  it("are the steps that fit the host's room and the largest disk", () => {
    expect(diskGrowthSizes(50, 10_000)).toEqual(DISK_GROWTH_STEPS_GB.map((s) => 50 + s));
    expect(diskGrowthSizes(50, 150)).toEqual([100, 150]);
    expect(diskGrowthSizes(50, 49)).toEqual([]);
    expect(diskGrowthSizes(MAX_DATA_DISK_GB - 100, 10_000)).toEqual([MAX_DATA_DISK_GB - 50, MAX_DATA_DISK_GB]);
  });

  it("never exceed the room or the largest disk, and always grow", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_DATA_DISK_GB }), fc.integer({ min: 0, max: 5000 }), (now, room) => {
        for (const size of diskGrowthSizes(now, room)) {
          expect(size).toBeGreaterThan(now);
          expect(size - now).toBeLessThanOrEqual(room);
          expect(size).toBeLessThanOrEqual(MAX_DATA_DISK_GB);
          expect(diskSizeError(now, size)).toBeNull();
        }
      }),
    );
  });
});
