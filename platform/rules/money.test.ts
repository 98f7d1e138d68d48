import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AMOUNT_INVALID,
  MAX_TOP_UP_FEN,
  TOP_UP_TOO_LARGE,
  fenToYuan,
  fenToYuanNumber,
  formatMoney,
  formatWireMoney,
  formatYuan,
  isAmountText,
  parseYuanToFen,
} from "./money";

const MAX = Number.MAX_SAFE_INTEGER;
const anyFen = fc.integer({ min: -MAX, max: MAX });
const nonNegativeFen = fc.integer({ min: 0, max: MAX });
const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

/** Groups a string of digits by thousands: "1234567" → "1,234,567". */
const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

describe("fenToYuan", () => {
  it("writes two decimals, with the sign in front", () => {
    expect(fenToYuan(0)).toBe("0.00");
    expect(fenToYuan(5)).toBe("0.05");
    expect(fenToYuan(100)).toBe("1.00");
    expect(fenToYuan(1234)).toBe("12.34");
    expect(fenToYuan(-5)).toBe("-0.05");
    expect(fenToYuan(-123456)).toBe("-1234.56");
    expect(fenToYuan(MAX)).toBe("90071992547409.91");
  });

  it("refuses amounts that are not safe integers of fen", () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(Number.NaN)).toThrow(RangeError);
    expect(() => fenToYuan(MAX + 1)).toThrow(RangeError);
  });

  it("always has the shape -?digits.dd and negates symmetrically", () => {
    fc.assert(
      fc.property(anyFen, (fen) => {
        const yuan = fenToYuan(fen);
        expect(yuan).toMatch(/^-?(0|[1-9]\d*)\.\d{2}$/);
        if (fen > 0) expect(fenToYuan(-fen)).toBe(`-${yuan}`);
      }),
    );
  });

  it("agrees with the numeric form for amounts a double holds exactly to the fen", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (fen) => {
        expect(fenToYuanNumber(fen)).toBeCloseTo(fen / 100, 2);
        expect(Math.round(fenToYuanNumber(fen) * 100)).toBe(fen);
      }),
    );
  });
});

describe("parseYuanToFen round trip", () => {
  it("parses back whatever fenToYuan wrote", () => {
    fc.assert(
      fc.property(nonNegativeFen, (fen) => {
        expect(parseYuanToFen(fenToYuan(fen))).toBe(fen);
      }),
    );
  });

  it("parses back whatever formatYuan wrote (thousands groups)", () => {
    fc.assert(
      fc.property(nonNegativeFen, (fen) => {
        expect(parseYuanToFen(formatYuan(fen))).toBe(fen);
      }),
    );
  });

  it("reads whole yuan and one or two decimals as fen", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), digits(0, 2), (yuan, decimals) => {
        const text = decimals ? `${yuan}.${decimals}` : String(yuan);
        const expected = yuan * 100 + (decimals ? Number(decimals.padEnd(2, "0")) : 0);
        expect(parseYuanToFen(text)).toBe(expected);
        expect(parseYuanToFen(`${group(String(yuan))}${decimals ? `.${decimals}` : ""}`)).toBe(expected);
      }),
    );
  });
});

describe("formatYuan", () => {
  it("groups by thousands", () => {
    expect(formatYuan(0)).toBe("0.00");
    expect(formatYuan(99_999)).toBe("999.99");
    expect(formatYuan(100_000)).toBe("1,000.00");
    expect(formatYuan(1_234_567)).toBe("12,345.67");
    expect(formatYuan(123_456_789)).toBe("1,234,567.89");
    expect(formatYuan(-123_456_789)).toBe("-1,234,567.89");
  });

  it("is fenToYuan with commas every three digits of the whole part", () => {
    fc.assert(
      fc.property(anyFen, (fen) => {
        const formatted = formatYuan(fen);
        expect(formatted).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(formatted.replace(/,/g, "")).toBe(fenToYuan(fen));
      }),
    );
  });
});

describe("spec §5 amount rule", () => {
  it("has the spec's message", () => {
    expect(AMOUNT_INVALID).toBe("输入金额不合法");
  });

  it("accepts the presets and typical inputs", () => {
    for (const preset of [100, 1500, 2000, 5000, 10000]) expect(parseYuanToFen(String(preset))).toBe(preset * 100);
    expect(parseYuanToFen("0.01")).toBe(1);
    expect(parseYuanToFen("12.5")).toBe(1250);
    expect(parseYuanToFen("1,500")).toBe(150_000);
    expect(parseYuanToFen("10,000.00")).toBe(1_000_000);
    expect(parseYuanToFen("1,234,567.8")).toBe(123_456_780);
    expect(parseYuanToFen(" 100 ")).toBe(10_000);
  });

  it("accepts up to 50 digits and refuses 51", () => {
    expect(parseYuanToFen(`${"0".repeat(49)}1`)).toBe(100);
    expect(parseYuanToFen(`${"0".repeat(49)}1.25`)).toBe(125);
    expect(parseYuanToFen(`${"0".repeat(50)}1`)).toBeNull();
  });

  it("refuses malformed amounts", () => {
    const invalid = [
      "",
      " ",
      "abc",
      "-1",
      "+1",
      "1e3",
      "1.",
      ".5",
      "1.234",
      "1..2",
      "1.2.3",
      "1,23",
      "1234,567",
      ",123",
      "123,",
      "1,2345",
      "1,234,56",
      "1 000",
      "１００",
      "0x10",
      "NaN",
      "Infinity",
      "1,234.567",
    ];
    for (const text of invalid) expect(parseYuanToFen(text), text).toBeNull();
  });

  it("refuses any amount with three or more decimals", () => {
    fc.assert(
      fc.property(digits(1, 12), digits(3, 6), (whole, decimals) => {
        expect(parseYuanToFen(`${whole}.${decimals}`)).toBeNull();
      }),
    );
  });

  it("refuses anything with a character other than digits, commas and one point", () => {
    fc.assert(
      fc.property(
        digits(1, 8),
        fc.string({ minLength: 1, maxLength: 3 }).filter((s) => /[^\d,.\s]/.test(s)),
        digits(0, 8),
        (a, junk, b) => {
          expect(parseYuanToFen(`${a}${junk}${b}`)).toBeNull();
        },
      ),
    );
  });

  it("refuses amounts beyond a safe integer of fen", () => {
    expect(parseYuanToFen("90071992547409.91")).toBe(MAX);
    expect(parseYuanToFen("90071992547409.92")).toBeNull();
    expect(parseYuanToFen("9".repeat(50))).toBeNull();
  });
});

describe("formatMoney", () => {
  const cny = new Intl.NumberFormat("zh-CN", { style: "currency", currency: "CNY" });

  it("writes ¥, thousands groups and exactly two decimals", () => {
    expect(formatMoney(0)).toBe("¥0.00");
    expect(formatMoney(361000)).toBe("¥3,610.00");
    expect(formatMoney(630000)).toBe("¥6,300.00");
    expect(formatMoney(198)).toBe("¥1.98");
    expect(formatMoney(-5)).toBe("-¥0.05");
    expect(formatWireMoney("10000")).toBe("¥10,000.00");
    expect(formatWireMoney("1030.5")).toBe("¥1,030.50");
    expect(formatWireMoney(-12.3)).toBe("-¥12.30");
  });

  it("says what Intl.NumberFormat('zh-CN', CNY) says, for every amount a double holds to the fen", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (fen) => {
        expect(formatMoney(fen)).toBe(cny.format(fen / 100));
      }),
    );
  });
});

describe("top-up amounts", () => {
  it("tells a well-formed amount of any size from a badly written one", () => {
    expect(isAmountText("1".repeat(50))).toBe(true);
    expect(isAmountText("1,000,000,000,000,000.00")).toBe(true);
    expect(isAmountText("1".repeat(51))).toBe(false);
    expect(isAmountText("1.234")).toBe(false);
    expect(TOP_UP_TOO_LARGE).toBe(`单次充值金额不能超过 ${formatMoney(MAX_TOP_UP_FEN)}`);
  });
});
