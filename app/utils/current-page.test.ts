import { describe, expect, it } from "vitest";
import { currentPageAttribute, isCurrentPage } from "./current-page";

describe("isCurrentPage", () => {
  it("is the page itself", () => {
    expect(isCurrentPage("/console/dashboard", "/console/dashboard")).toBe(true);
  });

  it("is a page under it", () => {
    expect(isCurrentPage("/console/coupon/center", "/console/coupon")).toBe(true);
    expect(isCurrentPage("/store/", "/store")).toBe(true);
  });

  it("is not a page that only starts with the same letters", () => {
    expect(isCurrentPage("/console/creditHistory", "/console/credit")).toBe(false);
    expect(isCurrentPage("/storefront", "/store")).toBe(false);
  });

  it("is not a parent or a sibling", () => {
    expect(isCurrentPage("/console", "/console/dashboard")).toBe(false);
    expect(isCurrentPage("/console/accountInfo", "/console/dashboard")).toBe(false);
  });

  it("ignores case and a trailing slash on the link, as NavLink does", () => {
    expect(isCurrentPage("/Console/Dashboard", "/console/dashboard")).toBe(true);
    expect(isCurrentPage("/console/dashboard", "/console/dashboard/")).toBe(true);
  });
});

describe("currentPageAttribute", () => {
  it("marks only the current page", () => {
    expect(currentPageAttribute("/store", "/store")).toBe("page");
    expect(currentPageAttribute("/store", "/console/dashboard")).toBeUndefined();
  });
});

describe("isCurrentPage with further pages a link stands for", () => {
  it("marks a page under one of them", () => {
    const also = ["/console/createWorkOrder/submit"];
    expect(
      isCurrentPage("/console/createWorkOrder/submit/1/2/instance", "/console/createWorkOrder/selectQuestion", also),
    ).toBe(true);
    expect(isCurrentPage("/console/createWorkOrder/myWorkOrder", "/console/createWorkOrder/selectQuestion", also)).toBe(
      false,
    );
  });
});
