import { describe, expect, it } from "vitest";
import { isReferralCode } from "./referral-code";

describe("isReferralCode", () => {
  it("takes 8 characters of the unambiguous alphabet only", () => {
    expect(isReferralCode("ABCD2345")).toBe(true);
    for (const bad of ["", "ABCD234", "ABCD23456", "ABCD234O", "abcd2345", "ABCD 345", "\u0000BCD2345", "ABCD234１"])
      expect(isReferralCode(bad), JSON.stringify(bad)).toBe(false);
  });
});
