import { describe, expect, it } from "vitest";
import { restartAction, restartInstancePath, restartRefusal, restartTarget } from "./restart-instance";

describe("restartTarget", () => {
  it("takes a uuid of the right form and nothing else", () => {
    expect(restartTarget(new URLSearchParams("uuid=i-7f3a9c2e1b"))).toBe("i-7f3a9c2e1b");
    expect(restartTarget(new URLSearchParams(""))).toBeNull();
    expect(restartTarget(new URLSearchParams("uuid="))).toBeNull();
    expect(restartTarget(new URLSearchParams("uuid=a%2Fb"))).toBeNull();
    expect(restartTarget(new URLSearchParams(`uuid=${"a".repeat(65)}`))).toBeNull();
  });

  it("reads back what the path builder writes", () => {
    const path = restartInstancePath("i-abc_1");
    expect(path).toBe("/restartInstance?uuid=i-abc_1");
    expect(restartTarget(new URL(path, "http://x").searchParams)).toBe("i-abc_1");
  });
});

describe("restartRefusal", () => {
  it("lets a running hourly instance restart, and a stopped one start (the GPU free notice's link)", () => {
    expect(restartRefusal({ State: "running", BillingMode: "hour" })).toBeNull();
    expect(restartAction({ State: "running", BillingMode: "hour" })).toBe("restart");
    expect(restartRefusal({ State: "stopped", BillingMode: "hour" })).toBeNull();
    expect(restartAction({ State: "stopped", BillingMode: "hour" })).toBe("start");
    expect(restartAction({ State: "stopped", BillingMode: "day" })).toBe("start");
  });

  it("says why a running package or an instance in between cannot", () => {
    expect(restartRefusal({ State: "running", BillingMode: "day" })).toBe("包天、包月实例不支持重启，请先关机再开机。");
    expect(restartAction({ State: "running", BillingMode: "day" })).toBeNull();
    expect(restartRefusal({ State: "restarting", BillingMode: "hour" })).toBe(
      "实例重启中，只有运行中的按量计费实例可以重启，已关机的实例可以开机。",
    );
  });
});
