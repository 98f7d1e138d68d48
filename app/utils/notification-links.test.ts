import { describe, expect, it } from "vitest";
import { notificationParts } from "./notification-links";

describe("notificationParts", () => {
  it("makes the start link of a GPU free notice a link, the rest text", () => {
    expect(notificationParts("请尽快开机：/restartInstance?uuid=i-7f3a9c2e1b")).toEqual([
      { text: "请尽快开机：" },
      { path: "/restartInstance?uuid=i-7f3a9c2e1b" },
    ]);
    expect(notificationParts("/restartInstance?uuid=i-1 与 /restartInstance?uuid=i-2。")).toEqual([
      { path: "/restartInstance?uuid=i-1" },
      { text: " 与 " },
      { path: "/restartInstance?uuid=i-2" },
      { text: "。" },
    ]);
  });

  it("leaves every other text alone, other sites' and scripts' links included", () => {
    for (const text of [
      "您的工单有新回复",
      "https://evil.example/restartInstance",
      "javascript:alert(1)",
      "/console/dashboard",
      "/restartInstance?uuid=",
    ])
      expect(notificationParts(text)).toEqual([{ text }]);
    expect(notificationParts("")).toEqual([]);
  });
});
