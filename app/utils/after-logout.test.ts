import { describe, expect, it } from "vitest";
import { afterLogoutPath } from "./after-logout";

describe("where logout leaves the user", () => {
  it("stays on a public page, query included", () => {
    expect(afterLogoutPath("/store")).toBe("/store");
    expect(afterLogoutPath("/informDetail/3")).toBe("/informDetail/3");
    expect(afterLogoutPath("/createInstance?type=docker&region=bj&gpu=rtx4090&gpus=1&mode=hour")).toBe(
      "/createInstance?type=docker&region=bj&gpu=rtx4090&gpus=1&mode=hour",
    );
  });

  it("sends a console page to login", () => {
    expect(afterLogoutPath("/console/dashboard")).toBe("/login");
    expect(afterLogoutPath("/console")).toBe("/login");
    expect(afterLogoutPath("/console/finance/orders?kind=recharge")).toBe("/login");
    expect(afterLogoutPath("/x/../console/safe")).toBe("/login");
  });

  it("never leaves the site; without a page it goes to login", () => {
    expect(afterLogoutPath("https://evil.example/")).toBe("/login");
    expect(afterLogoutPath("//evil.example")).toBe("/login");
    expect(afterLogoutPath(undefined)).toBe("/login");
  });
});
