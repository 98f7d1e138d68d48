import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitBody } from "./body-limit";

const LIMIT = 16;

/** A POST (or GET) over a real socket, with the framing the test chooses. */
function send(
  port: number,
  options: { method?: string; body?: string; chunks?: string[]; contentLength?: number },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "text/plain" };
    if (options.contentLength !== undefined) headers["content-length"] = String(options.contentLength);
    if (options.chunks) headers["transfer-encoding"] = "chunked";
    const req = request({ host: "127.0.0.1", port, path: "/", method: options.method ?? "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    if (options.chunks) for (const chunk of options.chunks) req.write(chunk);
    else if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

describe("limitBody over a socket (@hono/node-server)", () => {
  let server: ServerType;
  let port = 0;

  beforeAll(async () => {
    const app = new Hono();
    app.use(
      "*",
      limitBody(LIMIT, (c) => c.text("too large", 413)),
    );
    app.post("/", async (c) => c.text(`read ${(await c.req.text()).length}`));
    app.get("/", (c) => c.text("got"));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("lets a body within the limit through, by its Content-Length, and the route reads all of it", async () => {
    expect(await send(port, { body: "x".repeat(LIMIT), contentLength: LIMIT })).toEqual({
      status: 200,
      text: `read ${LIMIT}`,
    });
  });

  it("refuses a Content-Length over the limit", async () => {
    expect(await send(port, { body: "x".repeat(LIMIT + 1), contentLength: LIMIT + 1 })).toEqual({
      status: 413,
      text: "too large",
    });
  });

  it("counts a chunked body (no Content-Length) as it arrives and refuses it past the limit", async () => {
    expect(await send(port, { chunks: ["x".repeat(10), "x".repeat(7)] })).toEqual({ status: 413, text: "too large" });
    expect(await send(port, { chunks: ["x".repeat(10), "x".repeat(6)] })).toEqual({
      status: 200,
      text: `read ${LIMIT}`,
    });
  });

  it("leaves a GET alone", async () => {
    expect(await send(port, { method: "GET" })).toEqual({ status: 200, text: "got" });
  });
});

describe("limitBody on a Request built in memory (the platform thread, the tests)", () => {
  const app = new Hono();
  app.use(
    "*",
    limitBody(LIMIT, (c) => c.text("too large", 413)),
  );
  app.post("/", async (c) => c.text(`read ${(await c.req.text()).length}`));

  it("without a Content-Length: counts the body", async () => {
    const over = await app.fetch(new Request("http://x/", { method: "POST", body: "x".repeat(LIMIT + 1) }));
    expect(over.status).toBe(413);
    const within = await app.fetch(new Request("http://x/", { method: "POST", body: "x".repeat(LIMIT) }));
    expect(await within.text()).toBe(`read ${LIMIT}`);
  });

  it("with a Content-Length: judges by it", async () => {
    const over = await app.fetch(
      new Request("http://x/", {
        method: "POST",
        headers: { "content-length": String(LIMIT + 1) },
        body: "x".repeat(LIMIT + 1),
      }),
    );
    expect(over.status).toBe(413);
  });
});
