import { describe, expect, it } from "vitest";
import { readRenewChoice, renewLengthText } from "./renew-choice";

describe("readRenewChoice", () => {
  it("reads the unit, the count as typed and the coupon", () => {
    expect(readRenewChoice(new URLSearchParams("unit=month&count=13&coupon=7"))).toEqual({
      choice: { unit: "month", count: 13, coupon: "7" },
      countError: null,
    });
  });

  it("defaults to 1 day and the best coupon", () => {
    expect(readRenewChoice(new URLSearchParams(""))).toEqual({
      choice: { unit: "day", count: 1, coupon: "" },
      countError: null,
    });
  });

  it("refuses a count that is not a whole number beside its field, and ignores a foreign unit or coupon", () => {
    expect(readRenewChoice(new URLSearchParams("unit=year&count=1.5&coupon=x"))).toEqual({
      choice: { unit: "day", count: 1, coupon: "" },
      countError: "请输入续费时长（整数）",
    });
  });
});

it("defaults to the instance's own package unit when the URL names none", () => {
  expect(readRenewChoice(new URLSearchParams(""), "hour_package").choice.unit).toBe("hour_package");
  expect(readRenewChoice(new URLSearchParams("unit=month"), "hour_package").choice.unit).toBe("month");
});

it("reads an hour package's unit", () => {
  expect(readRenewChoice(new URLSearchParams("unit=hour_package&count=2")).choice).toEqual({
    unit: "hour_package",
    count: 2,
    coupon: "",
  });
});

it("renewLengthText says hours, days or months", () => {
  expect(renewLengthText({ unit: "hour_package", count: 2 })).toBe(" 2 小时");
  expect(renewLengthText({ unit: "day", count: 3 })).toBe(" 3 天");
  expect(renewLengthText({ unit: "month", count: 2 })).toBe(" 2 个月");
});
