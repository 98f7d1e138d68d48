import { describe, expect, it } from "vitest";
import { verificationLabel, type VerificationLabel } from "./verification-label";

const entry = (verify_type: number, status: number) => ({ verify_type, status });

describe("the verification label (spec)", () => {
  it.each<[string, { verify_type: number; status: number }[], VerificationLabel]>([
    ["no entries (or no session)", [], "unverified"],
    ["a pending personal entry", [entry(0, 0)], "unverified"],
    ["a rejected personal entry", [entry(0, 2)], "unverified"],
    ["a verified personal entry", [entry(0, 1)], "personal"],
    ["a rejected personal entry, then a verified one", [entry(0, 2), entry(0, 1)], "personal"],
    ["a verified personal entry and a pending enterprise one", [entry(0, 1), entry(1, 0)], "personal"],
    ["a verified enterprise entry", [entry(1, 1)], "enterprise"],
    ["a verified enterprise entry before a verified personal one", [entry(1, 1), entry(0, 1)], "enterprise"],
    ["a verified personal entry before a verified enterprise one", [entry(0, 1), entry(1, 1)], "enterprise"],
    ["an unknown kind, verified", [entry(7, 1)], "unverified"],
  ])("%s: %s", (_, entries, label) => {
    expect(verificationLabel(entries)).toBe(label);
  });
});
