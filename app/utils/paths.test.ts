import { describe, expect, it } from "vitest";
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
});
