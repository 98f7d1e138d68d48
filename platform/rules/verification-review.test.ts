import { describe, expect, it } from "vitest";
import {
  canReviewVerification,
  checkRejectReason,
  checkRevealReason,
  verifiedAsAfterApproval,
  verifiedAsOf,
} from "./verification-review";

describe("verification review rules", () => {
  it.each([
    ["reviewer", true],
    ["lead", true],
    ["admin", true],
    ["agent", false],
    ["editor", false],
    ["finance", false],
  ])("%s may review: %s", (role, may) => expect(canReviewVerification(role)).toBe(may));

  it.each([
    [null, "personal", "personal"],
    [null, "other", "personal"],
    ["personal", "student", "student"],
    ["student", "personal", "student"],
    ["enterprise", "student", "enterprise"],
    ["student", "enterprise", "enterprise"],
    ["personal", "personal", "personal"],
  ] as const)("verified as %s, approving %s -> %s", (current, kind, after) =>
    expect(verifiedAsAfterApproval(current, kind)).toBe(after),
  );

  it("recomputes from what still holds", () => {
    expect(verifiedAsOf([])).toBeNull();
    expect(verifiedAsOf(["personal", "student"])).toBe("student");
    expect(verifiedAsOf(["other"])).toBe("personal");
  });

  it("takes a listed reason, or other with 2-200 characters", () => {
    expect(checkRejectReason("照片不清晰", "")).toEqual({ ok: true, reason: "照片不清晰" });
    expect(checkRejectReason("随便", "")).toMatchObject({ ok: false, field: "reason" });
    expect(checkRejectReason("other", " 章 ")).toMatchObject({ ok: false, field: "reason_text" });
    expect(checkRejectReason("other", "缺少  注册章")).toEqual({ ok: true, reason: "缺少 注册章" });
    expect(checkRejectReason("other", "字".repeat(201))).toMatchObject({ ok: false, field: "reason_text" });
  });

  it("asks a reveal for 2-100 characters of why", () => {
    expect(checkRevealReason(" ")).toBeNull();
    expect(checkRevealReason("核对")).toBe("核对");
    expect(checkRevealReason("字".repeat(101))).toBeNull();
  });
});
