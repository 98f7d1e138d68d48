import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkBankCardNumber,
  checkCreditCode,
  checkIdNumber,
  creditCodeCheckChar,
  idCheckChar,
  luhnValid,
  maskCardNumber,
  maskIdNumber,
} from "./identity-numbers";

const TODAY = new Date("2026-11-28T00:00:00Z");

describe("resident ID numbers (GB 11643-1999)", () => {
  it.each([
    // The standard's own example, with X as its check character.
    ["11010519491231002X", "1949-12-31", "female"],
    ["110101199003074477", "1990-03-07", "male"],
    // A lower-case x and surrounding spaces are read as typed on a phone.
    [" 11010519491231002x ", "1949-12-31", "female"],
  ])("accepts %s", (id, birthDate, sex) => {
    expect(checkIdNumber(id, TODAY)).toMatchObject({ ok: true, birthDate, sex });
  });

  it.each([
    ["110101199003074478", "身份证号校验位不正确，请核对"],
    ["11010519491231002", "身份证号应为18位，最后一位可以是X"],
    ["1101051949123100X2", "身份证号应为18位，最后一位可以是X"],
    ["99010519491231002X", "身份证号的地区码不正确"],
    // Valid check digits, impossible dates: 30 February, before 1900 (the standard's 1880 example), tomorrow.
    [`11010119900230${"001"}${idCheckChar("11010119900230001")}`, "身份证号中的出生日期不正确"],
    ["440524188001010014", "身份证号中的出生日期不正确"],
    [`11010120261129${"001"}${idCheckChar("11010120261129001")}`, "身份证号中的出生日期不正确"],
  ])("refuses %s: %s", (id, reason) => {
    expect(checkIdNumber(id, TODAY)).toEqual({ ok: false, reason });
  });

  it("notices any single changed character of a valid number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 10 }), (at, shift) => {
        const valid = "110101199003074477";
        const chars = "0123456789X";
        const changed = chars[(chars.indexOf(valid[at]!) + shift) % 11]!;
        const typo = valid.slice(0, at) + changed + valid.slice(at + 1);
        expect(checkIdNumber(typo, TODAY).ok).toBe(false);
      }),
    );
  });
});

describe("unified social credit codes (GB 32100-2015)", () => {
  it.each(["91350100M000100Y43", "9144030071526726XG", "91330100799655058B", "91110108551385082Q"])(
    "accepts the real code %s",
    (code) => {
      expect(checkCreditCode(code)).toEqual({ ok: true, creditCode: code });
    },
  );

  it.each([
    ["911100001000013876", "统一社会信用代码校验位不正确，请核对"],
    ["91350100M000100Y4", "统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）"],
    ["91350100M0001O0Y43", "统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）"],
    [`H1350100M000100Y4${creditCodeCheckChar("H1350100M000100Y4")}`, "统一社会信用代码格式不正确"],
    [`913501A0M000100Y4${creditCodeCheckChar("913501A0M000100Y4")}`, "统一社会信用代码格式不正确"],
  ])("refuses %s: %s", (code, reason) => {
    expect(checkCreditCode(code)).toEqual({ ok: false, reason });
  });

  it("reads a code typed in lower case", () => {
    expect(checkCreditCode("9144030071526726xg")).toEqual({ ok: true, creditCode: "9144030071526726XG" });
  });
});

describe("bank card numbers (Luhn)", () => {
  it.each([
    ["6222600260001072444", "6222600260001072444"],
    ["4111 1111 1111 1111", "4111111111111111"],
  ])("accepts %s", (raw, cardNumber) => {
    expect(checkBankCardNumber(raw)).toEqual({ ok: true, cardNumber });
  });

  it.each([
    ["6222021234567890123", "银行卡号校验不通过，请核对"],
    ["411111111111111", "银行卡号应为16到19位数字"],
    ["62226002600010724441", "银行卡号应为16到19位数字"],
    ["4111-1111-1111-1111", "银行卡号应为16到19位数字"],
  ])("refuses %s: %s", (raw, reason) => {
    expect(checkBankCardNumber(raw)).toEqual({ ok: false, reason });
  });

  it("notices any single changed digit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18 }), fc.integer({ min: 1, max: 9 }), (at, shift) => {
        const valid = "6222600260001072444";
        const typo = valid.slice(0, at) + String((Number(valid[at]) + shift) % 10) + valid.slice(at + 1);
        expect(luhnValid(typo)).toBe(false);
      }),
    );
  });
});

describe("masks", () => {
  it("shows an ID number's first and last characters and a card's last four digits", () => {
    expect(maskIdNumber("310101199003074477")).toBe("3****************7");
    expect(maskIdNumber("31010119900307447X")).toHaveLength(18);
    expect(maskCardNumber("6222600260001072444")).toBe("****2444");
  });
});
