import { describe, expect, it } from "vitest";
import { deskFileUrl } from "./desk-file-url";

describe("deskFileUrl", () => {
  it("sends a work-order file through the desk's route and leaves other addresses alone", () => {
    expect(deskFileUrl("/work-order-files/42")).toBe("/desk/files/42");
    expect(deskFileUrl("/work-order-files/42?x=1")).toBe("/desk/files/42");
    expect(deskFileUrl("/work-order-files/042")).toBe("/work-order-files/042");
    expect(deskFileUrl("/work-order-files/42/../../console")).toBe("/work-order-files/42/../../console");
    expect(deskFileUrl("https://example.com/work-order-files/42")).toBe("https://example.com/work-order-files/42");
    expect(deskFileUrl("")).toBe("");
  });
});
