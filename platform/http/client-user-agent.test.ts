/**
 * Which User-Agent a sign-in is listed with (issue 38 §1): the web tier's header only when the request is the web
 * tier's (in-process, or carrying the web-tier key); an outside client's header is ignored for its own User-Agent.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CLIENT_USER_AGENT_HEADER, WEB_TIER_KEY_HEADER } from "../contract/security";
import { requestUserAgent, type Addressing } from "./client-address";

const KEY = "k".repeat(40);

async function agentSeen(addressing: Addressing, headers: Record<string, string>) {
  const app = new Hono();
  app.get("/", (c) => c.text(requestUserAgent(c, addressing) ?? "<none>"));
  return (await app.request("/", { headers })).text();
}

const standalone: Addressing = { role: "standalone", trustProxy: null, webTierKey: KEY };

describe("requestUserAgent", () => {
  it("believes the web tier's header in process and with the key", async () => {
    expect(
      await agentSeen({ role: "in-process" }, { [CLIENT_USER_AGENT_HEADER]: "Browser/1", "user-agent": "x" }),
    ).toBe("Browser/1");
    expect(await agentSeen(standalone, { [CLIENT_USER_AGENT_HEADER]: "Browser/1", [WEB_TIER_KEY_HEADER]: KEY })).toBe(
      "Browser/1",
    );
  });

  it("ignores the header from an outside client (no key, or a wrong one) and uses its own user-agent", async () => {
    expect(await agentSeen(standalone, { [CLIENT_USER_AGENT_HEADER]: "Forged/1", "user-agent": "curl/8.4.0" })).toBe(
      "curl/8.4.0",
    );
    expect(
      await agentSeen(standalone, {
        [CLIENT_USER_AGENT_HEADER]: "Forged/1",
        [WEB_TIER_KEY_HEADER]: "x".repeat(40),
        "user-agent": "curl/8.4.0",
      }),
    ).toBe("curl/8.4.0");
  });

  it("cuts it to 300 characters; none is null", async () => {
    expect(await agentSeen({ role: "in-process" }, { "user-agent": "A".repeat(500) })).toHaveLength(300);
    expect(await agentSeen({ role: "in-process" }, {})).toBe("<none>");
  });
});
