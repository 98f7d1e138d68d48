import { describe, expect, it } from "vitest";
import { allowedIntents, isTransitional, releaseCountdown, STATE_LABELS } from "./instance-text";

describe("how the console words an instance", () => {
  it("names every state in Chinese", () => {
    expect(Object.values(STATE_LABELS)).toEqual([
      "创建中",
      "运行中",
      "关机中",
      "已关机",
      "开机中",
      "重启中",
      "释放中",
      "已释放",
    ]);
  });

  it("offers restart to hourly instances only, and nothing while a state changes", () => {
    expect(allowedIntents({ State: "running", BillingMode: "hour" })).toEqual(["stop", "restart", "release"]);
    expect(allowedIntents({ State: "running", BillingMode: "day" })).toEqual(["stop", "release"]);
    expect(allowedIntents({ State: "stopped", BillingMode: "month" })).toEqual(["start", "release"]);
    for (const state of ["creating", "stopping", "starting", "restarting", "releasing"] as const) {
      expect(isTransitional(state)).toBe(true);
      expect(allowedIntents({ State: state, BillingMode: "hour" })).toEqual([]);
    }
    expect(allowedIntents({ State: "released", BillingMode: "hour" })).toEqual([]);
    expect(isTransitional("stopped")).toBe(false);
  });

  it("counts down to the release from the loader's clock", () => {
    const now = "2026-01-01T00:00:00.000Z";
    expect(releaseCountdown("2026-01-16T05:30:00.000Z", now)).toBe("15天5小时后释放");
    expect(releaseCountdown("2026-01-01T02:10:00.000Z", now)).toBe("2小时10分钟后释放");
    expect(releaseCountdown("2026-01-01T00:42:30.000Z", now)).toBe("42分钟后释放");
    expect(releaseCountdown("2025-12-31T23:00:00.000Z", now)).toBe("即将释放");
  });
});
