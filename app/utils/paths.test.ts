import { describe, expect, it } from "vitest";
import {
  instanceListOf,
  instancePath,
  myWorkOrderDetailPath,
  myWorkOrderPath,
  releaseInstancePath,
  revokeWorkOrderPath,
  selectQuestionPath,
  stopWithRefundPath,
  SUB_ACCOUNT_INSTANCES_PATH,
  submitWorkOrderPath,
} from "./console-paths";
import { contactQrPath, informDetailPath } from "./paths";

describe("path builders", () => {
  it("builds the notice page's path from its id", () => {
    expect(informDetailPath(3)).toBe("/informDetail/3");
    expect(informDetailPath(120045)).toBe("/informDetail/120045");
  });

  it("builds the contact QR image's path from its key", () => {
    expect(contactQrPath("service")).toBe("/resources/contact-qr/service");
  });

  it("keeps a parameter inside its own path segment", () => {
    expect(contactQrPath("../logout")).toBe("/resources/contact-qr/..%2Flogout");
    expect(contactQrPath("a?b#c")).toBe("/resources/contact-qr/a%3Fb%23c");
  });

  it("builds the work-order pages' paths (spec §2: under /console/createWorkOrder)", () => {
    expect(selectQuestionPath()).toBe("/console/createWorkOrder/selectQuestion");
    expect(selectQuestionPath(6)).toBe("/console/createWorkOrder/selectQuestion?question=6");
    expect(submitWorkOrderPath(2, 6, "account")).toBe("/console/createWorkOrder/submit/2/6/account");
    expect(submitWorkOrderPath(2, 6, "../x")).toBe("/console/createWorkOrder/submit/2/6/..%2Fx");
    expect(myWorkOrderPath()).toBe("/console/createWorkOrder/myWorkOrder");
    expect(myWorkOrderPath("new", 1)).toBe("/console/createWorkOrder/myWorkOrder?status=new");
    expect(myWorkOrderPath(undefined, 3)).toBe("/console/createWorkOrder/myWorkOrder?page=3");
    expect(myWorkOrderDetailPath(12)).toBe("/console/createWorkOrder/myWorkOrderDetail/12");
    expect(revokeWorkOrderPath(12)).toBe("/console/createWorkOrder/myWorkOrderDetail/12/revoke");
  });

  it("builds an instance's page and its release confirm page, the uuid kept in its segment", () => {
    expect(instancePath("i-7f3a9c2e1b")).toBe("/console/instance/i-7f3a9c2e1b");
    expect(releaseInstancePath("i-7f3a9c2e1b")).toBe("/console/instance/i-7f3a9c2e1b/release");
    expect(releaseInstancePath("../x")).toBe("/console/instance/..%2Fx/release");
  });

  it("remembers the list a release or a refund was opened from, and reads back only a known list", () => {
    expect(releaseInstancePath("i-1", "/console/dashboard")).toBe("/console/instance/i-1/release");
    expect(releaseInstancePath("i-1", SUB_ACCOUNT_INSTANCES_PATH)).toBe(
      "/console/instance/i-1/release?from=%2Fconsole%2FsubAccountInstance",
    );
    expect(stopWithRefundPath("i-1", SUB_ACCOUNT_INSTANCES_PATH)).toBe(
      "/console/instance/i-1/refund?from=%2Fconsole%2FsubAccountInstance",
    );
    expect(instanceListOf("http://h/console/instance/i-1/release?from=%2Fconsole%2FsubAccountInstance")).toBe(
      "/console/subAccountInstance",
    );
    expect(instanceListOf("http://h/console/instance/i-1/release")).toBe("/console/dashboard");
    for (const foreign of ["https://evil.example/", "//evil.example", "/console/safe", "/console/dashboard/.."])
      expect(instanceListOf(`http://h/x?from=${encodeURIComponent(foreign)}`)).toBe("/console/dashboard");
  });
});
