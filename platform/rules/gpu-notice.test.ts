import { describe, expect, it } from "vitest";
import { GPU_NOTICE_START_NOW, gpuNoticeRefusal, restartInstanceLink, smsInstanceName } from "./gpu-notice";

const stoppedHourly = {
  state: "stopped",
  billingMode: "hour",
  gpuHeld: false,
  gpuCount: 2,
  hostOnline: true,
  hostGpuFree: 1,
};

describe("gpuNoticeRefusal", () => {
  it("lets a stopped hourly instance ask while its host lacks its GPUs or is offline", () => {
    expect(gpuNoticeRefusal(stoppedHourly)).toBeNull();
    expect(gpuNoticeRefusal({ ...stoppedHourly, hostGpuFree: 8, hostOnline: false })).toBeNull();
  });

  it("says to start now when the host has them", () => {
    expect(gpuNoticeRefusal({ ...stoppedHourly, hostGpuFree: 2 })).toEqual({
      reason: GPU_NOTICE_START_NOW,
      startNow: true,
    });
  });

  it("refuses an instance that is not stopped, and a package (in its term or past it)", () => {
    expect(gpuNoticeRefusal({ ...stoppedHourly, state: "running" })).toMatchObject({ startNow: false });
    expect(gpuNoticeRefusal({ ...stoppedHourly, billingMode: "day", gpuHeld: true })?.reason).toContain("可直接开机");
    expect(gpuNoticeRefusal({ ...stoppedHourly, billingMode: "month" })?.reason).toContain("请先续费");
  });
});

describe("the notice's texts", () => {
  it("links to the restart page of the instance", () => {
    expect(restartInstanceLink("i-7f3a9c2e1b")).toBe("/restartInstance?uuid=i-7f3a9c2e1b");
  });

  it("cuts a long instance name for the SMS variable", () => {
    expect(smsInstanceName("A100 80GB 实例")).toBe("A100 80GB 实例");
    expect(smsInstanceName("一".repeat(30))).toBe(`${"一".repeat(19)}…`);
  });
});
