/**
 * The client address in the split deployment (issue 9 §1, decision 025): the web
 * tier reads it as TRUST_PROXY allows and passes it in its own header with the
 * shared key; the standalone platform believes that header only with the key,
 * and reads anyone else from the socket. A client's own copy of the header is
 * never passed on.
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "../../platform/http/app";
import { CHALLENGE_AFTER_ADDRESS_FAILURES } from "../../platform/modules/security/auth-guard";
import { encodeFields, startTestPlatform, uniqueIp, uniquePhone, type TestPlatform } from "../support/platform";

const KEY = "web-tier-key-".padEnd(48, "x");

let t: TestPlatform;
let server: ServerType;
let platformUrl: string;
let forwardToPlatform: (request: Request) => Promise<Response>;

beforeAll(async () => {
  t = await startTestPlatform();
  const app = createHttpApp(t.ctx, {
    sandbox: true,
    addressing: { role: "standalone", trustProxy: null, webTierKey: KEY },
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  platformUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv("PLATFORM_URL", platformUrl);
  vi.stubEnv("PLATFORM_WEB_TIER_KEY", KEY);
  vi.stubEnv("TRUST_PROXY", "1");
  // Imported after the environment is set: the web tier reads it once.
  ({ forwardToPlatform } = await import("~/upstream/mount.server"));
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (t) await t.close();
});

const loginForm = (phone: string, password = "Wrong0pass") => ({
  method: "POST",
  body: encodeFields({ phone, password }),
});

/** A login through the web tier's /api mount, as a browser or an outside client sends it. */
async function viaWebTier(headers: Record<string, string>, phone = uniquePhone(), password?: string) {
  const init = loginForm(phone, password);
  const request = new Request("http://127.0.0.1:3000/api/login", {
    ...init,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
  return (await (await forwardToPlatform(request)).json()) as { status: number; key?: string };
}

describe("the web tier's address header", () => {
  it("is the address TRUST_PROXY names, never the client's own copy of the header", async () => {
    const address = uniqueIp();
    for (let i = 0; i < CHALLENGE_AFTER_ADDRESS_FAILURES; i++)
      await viaWebTier({ "x-forwarded-for": address, "x-client-address": uniqueIp() });
    // Counted for the proxy's address whatever the client claimed, so the next try must pass a CAPTCHA.
    expect((await viaWebTier({ "x-forwarded-for": address, "x-client-address": uniqueIp() })).key).toBe(
      "CAPTCHA_REQUIRED",
    );
    // A client forging the header with another forwarded address is counted under that one.
    expect((await viaWebTier({ "x-forwarded-for": uniqueIp(), "x-client-address": address })).key).toBe("LOGIN_FAILED");
  });

  it("counts on the platform only with the shared key: a direct caller cannot blame another address", async () => {
    const victim = uniqueIp();
    for (let i = 0; i < CHALLENGE_AFTER_ADDRESS_FAILURES + 2; i++) {
      const res = await fetch(`${platformUrl}/api/login`, {
        ...loginForm(uniquePhone()),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-client-address": victim,
          "x-web-tier-key": "not-the-key".padEnd(48, "y"),
        },
      });
      await res.text();
    }
    // Those failures were counted for the caller's socket (127.0.0.1), not for the victim.
    const user = await t.registerUser();
    const reply = await viaWebTier({ "x-forwarded-for": victim }, user.phone, user.password);
    expect(reply.status).toBe(0);
  });
});
