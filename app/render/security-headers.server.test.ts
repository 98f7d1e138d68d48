import { afterEach, describe, expect, it, vi } from "vitest";

async function load(appEnv: "development" | "production") {
  vi.resetModules();
  vi.doMock("~/env.server", () => ({ isProduction: appEnv === "production" }));
  return import("./security-headers.server");
}

afterEach(() => {
  vi.doUnmock("~/env.server");
  vi.resetModules();
});

describe("security headers", () => {
  it("gives each document its own nonce, used for scripts and style elements only", async () => {
    const { createNonce, documentPolicy } = await load("development");
    const nonce = createNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(nonce);
    const policy = documentPolicy(nonce);
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain(`style-src-elem 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("style-src-attr 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("sends HSTS only in production", async () => {
    const dev = await load("development");
    const devHeaders = new Headers();
    dev.applySecurityHeaders(devHeaders);
    expect(devHeaders.get("strict-transport-security")).toBeNull();
    expect(devHeaders.get("x-content-type-options")).toBe("nosniff");
    expect(devHeaders.get("referrer-policy")).toBe("strict-origin-when-cross-origin");

    const prod = await load("production");
    const prodHeaders = new Headers();
    prod.applySecurityHeaders(prodHeaders);
    expect(prodHeaders.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("keeps a response's own policy, and secures thrown and returned responses of a resource route", async () => {
    const { withSecurityHeaders } = await load("development");
    const own = await withSecurityHeaders(
      () => new Response("x", { headers: { "Content-Security-Policy": "default-src 'self'" } }),
    );
    expect(own.headers.get("content-security-policy")).toBe("default-src 'self'");
    const thrown = await withSecurityHeaders(() => {
      throw new Response(null, { status: 302, headers: { Location: "/login" } });
    }).catch((e: unknown) => e as Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("content-security-policy")).toContain("default-src 'none'");
    const immutable = await withSecurityHeaders(() => Response.redirect("http://127.0.0.1/store", 302));
    expect(immutable.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await withSecurityHeaders(() => ({ ok: true }))).toEqual({ ok: true });
  });
});
