import { describe, expect, it } from "vitest";
import { navTabs } from "./nav-tabs";

const unset = { docsUrl: undefined, openApiUrl: undefined, hardwareMarketUrl: undefined, raffleOpen: false };

describe("the top bar's external tabs", () => {
  it("are hidden while their addresses are unset: no tab goes to a domain that does not resolve", () => {
    const labels = navTabs(unset, { isSub: false }).map((t) => t.label);
    expect(labels).not.toContain("文档中心");
    expect(labels).not.toContain("硬件市场");
    expect(navTabs(unset, { isSub: false }).every((t) => !t.external && t.href.startsWith("/"))).toBe(true);
  });

  it("open API: without an address, the tab opens the site's own open API reference", () => {
    const tab = navTabs(unset, { isSub: false }).find((t) => t.label === "开放API");
    expect(tab).toEqual({ label: "开放API", href: "/docs/open-api-signing" });
  });

  it("open the configured address in their place of the spec's order", () => {
    const tabs = navTabs(
      {
        ...unset,
        docsUrl: "https://docs.gpu.example.cn",
        openApiUrl: "https://docs.gpu.example.cn/openapi",
        hardwareMarketUrl: "https://hw.gpu.example.cn",
      },
      { isSub: false },
    );
    expect(tabs.map((t) => t.label)).toEqual([
      "算力市场",
      "控制台",
      "文档中心",
      "AI模型",
      "软件下载",
      "积分商城",
      "开放API",
      "硬件市场",
    ]);
    expect(tabs.find((t) => t.label === "开放API")).toEqual({
      label: "开放API",
      href: "https://docs.gpu.example.cn/openapi",
      external: true,
    });
  });
});
