/** INSTANCE_RETENTION_DAYS (decision 043): how long a stopped instance is kept; 15 days unless set. */
import { describe, expect, it } from "vitest";
import { loadPlatformConfig } from "./config";

describe("INSTANCE_RETENTION_DAYS", () => {
  it("defaults to 15 days, also when empty", () => {
    expect(loadPlatformConfig({}).instanceRetentionDays).toBe(15);
    expect(loadPlatformConfig({ INSTANCE_RETENTION_DAYS: "" }).instanceRetentionDays).toBe(15);
  });

  it("takes a whole number of days and refuses anything else", () => {
    expect(loadPlatformConfig({ INSTANCE_RETENTION_DAYS: "7" }).instanceRetentionDays).toBe(7);
    expect(() => loadPlatformConfig({ INSTANCE_RETENTION_DAYS: "abc" })).toThrow(/INSTANCE_RETENTION_DAYS/);
    expect(() => loadPlatformConfig({ INSTANCE_RETENTION_DAYS: "0" })).toThrow(/at least 1/);
    expect(() => loadPlatformConfig({ INSTANCE_RETENTION_DAYS: "1.5" })).toThrow(/whole number/);
  });
});
