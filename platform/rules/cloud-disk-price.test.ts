import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLOUD_DISK_FEN_PER_GB_MONTH,
  CLOUD_DISK_MAX_GB,
  CLOUD_DISK_MONTH_SECONDS,
  cloudDiskExplanation,
  expansionQuote,
  monthsProblem,
  secondsLeft,
  sizeProblem,
  termQuote,
} from "./cloud-disk-price";

const NOW = new Date("2026-11-01T02:00:00.000Z");
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const sizes = fc.integer({ min: 1, max: CLOUD_DISK_MAX_GB / 10 }).map((n) => n * 10);
const months = fc.integer({ min: 1, max: 12 });
const left = fc.integer({ min: 0, max: 12 * CLOUD_DISK_MONTH_SECONDS });

describe("the cloud disk's price", () => {
  it("a term costs size × months × ¥0.30, and says so", () => {
    expect(termQuote(100, 3)).toEqual({ amountFen: 90_00, formula: "100 GB × 3 个月 × ¥0.30/GB·月 = ¥90.00" });
    fc.assert(
      fc.property(sizes, months, (gb, m) => {
        expect(termQuote(gb, m).amountFen).toBe(gb * m * CLOUD_DISK_FEN_PER_GB_MONTH);
      }),
    );
  });

  it("an expansion is the added GB for the seconds left, within half a fen of the exact share, never negative", () => {
    fc.assert(
      fc.property(sizes, left, (gb, seconds) => {
        const { amountFen } = expansionQuote(gb, NOW, later(seconds));
        const exact = (gb * seconds * CLOUD_DISK_FEN_PER_GB_MONTH) / CLOUD_DISK_MONTH_SECONDS;
        expect(Number.isSafeInteger(amountFen)).toBe(true);
        expect(amountFen).toBeGreaterThanOrEqual(0);
        expect(Math.abs(amountFen - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it("an expansion for whole months left costs what a term of that many months would; less time never costs more", () => {
    fc.assert(
      fc.property(sizes, months, left, left, (gb, m, a, b) => {
        expect(expansionQuote(gb, NOW, later(m * CLOUD_DISK_MONTH_SECONDS)).amountFen).toBe(termQuote(gb, m).amountFen);
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        expect(expansionQuote(gb, NOW, later(fewer)).amountFen).toBeLessThanOrEqual(
          expansionQuote(gb, NOW, later(more)).amountFen,
        );
      }),
    );
  });

  it("counts a part second whole and an expired disk as none left", () => {
    expect(secondsLeft(NOW, new Date(NOW.getTime() + 1500))).toBe(2);
    expect(secondsLeft(NOW, new Date(NOW.getTime() - 5000))).toBe(0);
    expect(expansionQuote(50, NOW, later(75 * 86_400))).toEqual({
      amountFen: 37_50,
      formula: "扩容 50 GB × 6480000 秒 ÷ 2592000 秒/月 × ¥0.30/GB·月 = ¥37.50",
    });
  });

  it("sizes are whole tens of GB from 10 to 10240; durations 1 to 12 months", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 20_000 }), (gb) => {
        expect(sizeProblem(gb) === null).toBe(gb >= 10 && gb <= 10_240 && gb % 10 === 0);
      }),
    );
    expect(sizeProblem(1.5)).not.toBeNull();
    expect([0, 1, 12, 13].map((m) => monthsProblem(m) === null)).toEqual([false, true, true, false]);
  });

  it("the explanation names the formula and what each wallet paid", () => {
    expect(cloudDiskExplanation(termQuote(10, 1), 1_00, 2_00)).toBe(
      "云盘：10 GB × 1 个月 × ¥0.30/GB·月 = ¥3.00；算力券 ¥1.00，余额 ¥2.00",
    );
  });
});
