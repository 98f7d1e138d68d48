import { describe, expect, it } from "vitest";
import { waitingText } from "./desk-age";

describe("waitingText", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it("says minutes, hours, then days and hours", () => {
    expect(waitingText(ago(30_000), now)).toBe("已等待 0 分钟");
    expect(waitingText(ago(59 * 60_000), now)).toBe("已等待 59 分钟");
    expect(waitingText(ago(3 * 3600_000 + 20 * 60_000), now)).toBe("已等待 3 小时");
    expect(waitingText(ago(47 * 3600_000), now)).toBe("已等待 47 小时");
    expect(waitingText(ago(48 * 3600_000), now)).toBe("已等待 2 天");
    expect(waitingText(ago(75 * 3600_000), now)).toBe("已等待 3 天 3 小时");
  });
  it("never counts backwards for a clock a little ahead", () => {
    expect(waitingText(new Date(now.getTime() + 5000).toISOString(), now)).toBe("已等待 0 分钟");
  });
});
