import { describe, expect, it } from "vitest";
import { clientAddress, normaliseAddress, parseTrustProxy } from "./client-address";

const from = (forwardedFor: string | null, peer: string | null, trustProxy?: string) =>
  clientAddress({ forwardedFor, peer, trust: parseTrustProxy(trustProxy) });

describe("TRUST_PROXY", () => {
  it("ignores forwarded headers when it is not set", () => {
    expect(from("6.6.6.6", null)).toBeNull();
    expect(from("6.6.6.6", "10.0.0.5")).toBe("10.0.0.5");
    expect(from("6.6.6.6", "::ffff:10.0.0.5", "")).toBe("10.0.0.5");
  });

  it("with a hop count takes the entry the farthest trusted proxy wrote, whatever the client prepended", () => {
    expect(from("1.2.3.4", null, "1")).toBe("1.2.3.4");
    expect(from("6.6.6.6, 1.2.3.4", null, "1")).toBe("1.2.3.4");
    expect(from("6.6.6.6, 1.2.3.4", "10.0.0.1", "1")).toBe("1.2.3.4");
    expect(from("6.6.6.6, 1.2.3.4, 10.0.0.9", null, "2")).toBe("1.2.3.4");
    // Fewer entries than proxies: the request did not come through them all.
    expect(from("1.2.3.4", null, "2")).toBeNull();
    expect(from(null, "10.0.0.1", "1")).toBeNull();
    expect(from("not-an-ip", null, "1")).toBeNull();
  });

  it("with proxy addresses takes the first untrusted entry from the right", () => {
    const trust = "10.0.0.0/8, 192.168.1.7, fd00::/8";
    expect(from("6.6.6.6, 1.2.3.4, 10.1.1.1", "192.168.1.7", trust)).toBe("1.2.3.4");
    expect(from("1.2.3.4", "fd00::1", trust)).toBe("1.2.3.4");
    // A peer that is not a trusted proxy is the client itself, whatever it forwards.
    expect(from("1.2.3.4", "8.8.8.8", trust)).toBe("8.8.8.8");
    expect(from("10.1.1.1, 10.2.2.2", "10.0.0.1", trust)).toBeNull();
    expect(from("garbage, 1.2.3.4", null, trust)).toBe("1.2.3.4");
  });

  it("refuses values that are not a count, an address or a subnet", () => {
    expect(() => parseTrustProxy("yes")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/prefix/);
    expect(() => parseTrustProxy("99")).toThrow(/hops/);
  });

  it("normalises the forms proxies write", () => {
    expect(normaliseAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normaliseAddress("1.2.3.4:5678")).toBe("1.2.3.4");
    expect(normaliseAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normaliseAddress("unknown")).toBeNull();
  });
});
