import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format";

const intlDateTime = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const fromIntl = (iso: string) => intlDateTime.format(new Date(iso)).replace(/\//g, "-");

describe("Beijing time formatting", () => {
  it("shows the date and time in Beijing whatever the server's zone", () => {
    expect(formatDateTime("2025-10-28T16:00:00.000Z")).toBe("2025-10-29 00:00");
    expect(formatDate("2025-10-28T16:00:00.000Z")).toBe("2025-10-29");
    expect(formatDateTime("2025-12-31T15:59:59.999Z")).toBe("2025-12-31 23:59");
    expect(formatDate("2024-02-28T16:30:00+00:00")).toBe("2024-02-29");
  });

  it("agrees with Intl's Asia/Shanghai calendar across years, months and hours", () => {
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2031, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) {
      const iso = new Date(t).toISOString();
      expect(formatDateTime(iso)).toBe(fromIntl(iso));
    }
  });
});
