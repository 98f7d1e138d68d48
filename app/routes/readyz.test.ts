/**
 * The web tier's /readyz: it passes the platform's answer on (200 when its
 * database answered within a second, 503 when not), and answers 503 itself
 * when the platform does not answer at all (a timeout or a dead worker), never
 * 200 and never a thrown error. Never cached.
 */
import { describe, expect, it, vi } from "vitest";
import { loader } from "./readyz";

const sendToPlatform = vi.fn<(request: Request) => Promise<Response>>();
vi.mock("~/upstream/transport.server", async (original) => ({
  ...(await original<typeof import("~/upstream/transport.server")>()),
  sendToPlatform: (request: Request) => sendToPlatform(request),
}));

const ask = () => loader() as Promise<Response>;

describe("/readyz", () => {
  it("asks the platform's /readyz and passes a ready answer on", async () => {
    sendToPlatform.mockResolvedValue(Response.json({ ok: true, database: "ok" }));
    const response = await ask();
    expect(new URL(sendToPlatform.mock.lastCall![0].url).pathname).toBe("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("answers 503 when the platform's database did not answer in time", async () => {
    sendToPlatform.mockResolvedValue(Response.json({ ok: false, database: "timeout" }, { status: 503 }));
    const response = await ask();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: "timeout" });
  });

  it("answers 503 itself when the platform does not answer", async () => {
    sendToPlatform.mockImplementation(async () => {
      throw new Error("platform call timed out after 10000 ms");
    });
    const response = await ask();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
