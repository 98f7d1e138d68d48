import { describe, expect, it } from "vitest";
import { addressAllowed, parseAllowList } from "./address-allow-list";

describe("an open API key's address allow-list", () => {
  it("takes addresses and CIDR blocks, IPv4 and IPv6, in their canonical form", () => {
    expect(parseAllowList("203.0.113.5, 10.1.2.3/8\n2001:DB8::1/32  ::1")).toEqual({
      ok: true,
      entries: ["203.0.113.5", "10.0.0.0/8", "2001:db8::/32", "::1"],
    });
    expect(parseAllowList("  ")).toEqual({ ok: true, entries: [] });
  });

  it.each(["300.1.1.1", "10.0.0.0/33", "abc", "1.2.3.4/8/1", "127.1", "::1/129", "1.2.3.4/-1"])(
    "refuses %s with a Chinese reason naming it",
    (entry) => {
      const parsed = parseAllowList(entry);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toContain(entry);
    },
  );

  it("matches addresses inside the blocks only; an unknown address never matches a non-empty list", () => {
    const list = ["10.0.0.0/8", "2001:db8::/32", "203.0.113.5"];
    expect(addressAllowed(list, "10.200.1.1")).toBe(true);
    expect(addressAllowed(list, "::ffff:10.0.0.1")).toBe(true);
    expect(addressAllowed(list, "2001:db8:1::5")).toBe(true);
    expect(addressAllowed(list, "203.0.113.5")).toBe(true);
    expect(addressAllowed(list, "203.0.113.6")).toBe(false);
    expect(addressAllowed(list, "11.0.0.1")).toBe(false);
    expect(addressAllowed(list, null)).toBe(false);
    expect(addressAllowed([], null)).toBe(true);
  });
});
