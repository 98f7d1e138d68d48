import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CODE_PATTERN,
  EMAIL_PATTERN,
  isStrongPassword,
  isValidCreditCode,
  PHONE_PATTERN,
  SUB_ACCOUNT_NAME_PATTERN,
  withCreditCodeCheck,
} from "./validation";

const USCC_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const first17 = fc.array(fc.constantFrom(...USCC_CHARS), { minLength: 17, maxLength: 17 }).map((c) => c.join(""));

describe("phone, code, email", () => {
  it("mainland mobile numbers", () => {
    for (const ok of ["13800000000", "19912345678", "15000000001"]) expect(PHONE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of [
      "",
      "12800000000",
      "1380000000",
      "138000000000",
      "+8613800000000",
      "1380000000a",
      " 13800000000",
    ])
      expect(PHONE_PATTERN.test(bad), bad).toBe(false);
  });

  it("six-digit codes", () => {
    expect(CODE_PATTERN.test("012345")).toBe(true);
    for (const bad of ["12345", "1234567", "12345a", " 123456"]) expect(CODE_PATTERN.test(bad), bad).toBe(false);
  });

  it("email addresses", () => {
    for (const ok of ["a@b.cn", "first.last+tag@mail.example.com", "x_y%z@sub-domain.org"])
      expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["", "plain", "a@b", "@b.cn", "a@.cn", "a b@c.cn", "a@b.c", "a@@b.cn", `${"a".repeat(65)}@b.cn`])
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });
});

describe("passwords", () => {
  it("8-32 characters with letters and digits, no spaces", () => {
    for (const ok of ["abcdefg1", "Passw0rd123", `a1${"x".repeat(30)}`]) expect(isStrongPassword(ok), ok).toBe(true);
    const bad = ["abc123", "abcdefgh", "12345678", "abcd 1234", `a1${"x".repeat(31)}`, ""];
    for (const b of bad) expect(isStrongPassword(b), b).toBe(false);
  });
});

describe("sub-account names", () => {
  it("2-32 letters, digits, Chinese characters, _ or -", () => {
    for (const ok of ["lab-student", "实验室_1", "ab"]) expect(SUB_ACCOUNT_NAME_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["a", "has space", "a".repeat(33), "x/y", "<b>"])
      expect(SUB_ACCOUNT_NAME_PATTERN.test(bad), bad).toBe(false);
  });
});

describe("unified social credit code (GB 32100-2015)", () => {
  it("accepts published codes", () => {
    for (const code of ["91350100M000100Y43", "91110000600037341L", "91310000775785552L", "91440300708461136T"])
      expect(isValidCreditCode(code), code).toBe(true);
  });

  it("trims and ignores case", () => {
    expect(isValidCreditCode(" 91350100m000100y43 ")).toBe(true);
  });

  it("refuses wrong length, excluded letters and a wrong check character", () => {
    expect(isValidCreditCode("91350100M000100Y4")).toBe(false);
    expect(isValidCreditCode("91350100M000100Y433")).toBe(false);
    expect(isValidCreditCode("91350100M000100Y44")).toBe(false);
    expect(isValidCreditCode("91350100I000100Y43")).toBe(false);
    expect(isValidCreditCode("")).toBe(false);
  });

  it("withCreditCodeCheck builds codes that validate", () => {
    fc.assert(
      fc.property(first17, (head) => {
        const code = withCreditCodeCheck(head);
        expect(code).toHaveLength(18);
        expect(code.slice(0, 17)).toBe(head);
        expect(isValidCreditCode(code)).toBe(true);
      }),
    );
  });

  it("any single changed character is caught", () => {
    fc.assert(
      fc.property(first17, fc.nat(17), fc.integer({ min: 1, max: 30 }), (head, position, shift) => {
        const code = withCreditCodeCheck(head);
        const replaced = USCC_CHARS[(USCC_CHARS.indexOf(code[position]) + shift) % 31];
        const changed = code.slice(0, position) + replaced + code.slice(position + 1);
        expect(isValidCreditCode(changed)).toBe(false);
      }),
    );
  });
});
