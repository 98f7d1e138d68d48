import { describe, expect, it } from "vitest";
import { clientNavigationTarget, type LinkAnchor, type LinkClick } from "./site-link-click";

const click = (over: Partial<LinkClick> = {}): LinkClick => ({
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  ...over,
});

const anchor = (href: string, attrs: Record<string, string> = {}, target = ""): LinkAnchor => ({
  href,
  target,
  hasAttribute: (name) => name in attrs,
  getAttribute: (name) => attrs[name] ?? null,
});

const here = { origin: "https://gpu.example.cn", path: "/console/dashboard" };

describe("clientNavigationTarget", () => {
  it("navigates a plain left click on a same-origin link in the page, adding an entry", () => {
    const target = clientNavigationTarget(
      click(),
      anchor("https://gpu.example.cn/inform?page=2#top", { "data-site-link": "push" }),
      here,
    );
    expect(target).toEqual({ to: "/inform?page=2#top", replace: false });
  });

  it("replaces the entry when the link asks for it, or goes where the page already is", () => {
    expect(
      clientNavigationTarget(
        click(),
        anchor("https://gpu.example.cn/login?tab=sms", { "data-site-link": "replace" }),
        here,
      ),
    ).toEqual({
      to: "/login?tab=sms",
      replace: true,
    });
    expect(
      clientNavigationTarget(
        click(),
        anchor("https://gpu.example.cn/console/dashboard", { "data-site-link": "push" }),
        here,
      ),
    ).toEqual({
      to: "/console/dashboard",
      replace: true,
    });
  });

  it("leaves modified, middle, prevented, new-window, download and other-site clicks to the browser", () => {
    const link = anchor("https://gpu.example.cn/inform");
    for (const over of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      expect(clientNavigationTarget(click(over), link, here)).toBeNull();
    }
    expect(clientNavigationTarget(click(), anchor("https://gpu.example.cn/agreements", {}, "_blank"), here)).toBeNull();
    expect(clientNavigationTarget(click(), anchor("https://gpu.example.cn/a.pdf", { download: "" }), here)).toBeNull();
    expect(clientNavigationTarget(click(), anchor("https://other.example.com/store"), here)).toBeNull();
    expect(clientNavigationTarget(click(), anchor("not a url"), here)).toBeNull();
  });

  it("navigates a link whose target is _self", () => {
    expect(clientNavigationTarget(click(), anchor("https://gpu.example.cn/store", {}, "_self"), here)).toEqual({
      to: "/store",
      replace: false,
    });
  });
});
