import { describe, expect, it } from "vitest";
import { PLATFORM_THREAD_ROLE } from "../../platform/contract/thread";
import { PlatformThread, readBodyUpTo, threadHandler, threadPlainHandler } from "./platform-thread.server";

const ECHO_WORKER = new URL("../../tests/support/echo-platform-worker.mjs", import.meta.url);

describe("PlatformThread", () => {
  it("uses the role the worker entry checks", () => {
    expect(PLATFORM_THREAD_ROLE).toBe("gpu-cloud-platform");
  });

  it("answers concurrent requests, each with its own reply", async () => {
    const thread = new PlatformThread(ECHO_WORKER);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        thread.request({ method: "POST", path: `/api/call_${i}`, headers: [], body: null }),
      ),
    );
    const paths = replies.map((r) => (JSON.parse(new TextDecoder().decode(r.body)) as { path: string }).path);
    expect(paths).toEqual(Array.from({ length: 20 }, (_, i) => `/api/call_${i}`));
  });

  it("starts the thread before the first request when asked (the server's start)", async () => {
    const thread = new PlatformThread(ECHO_WORKER);
    thread.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const sentAt = Date.now();
    const reply = await thread.request({ method: "GET", path: "/api/first", headers: [], body: null });
    const { threadStartedAt } = JSON.parse(new TextDecoder().decode(reply.body)) as { threadStartedAt: number };
    // Started by start(), not by the request: its module ran before the request was sent (how long it took to boot
    // depends on the machine's load, so the test asks only for the order).
    expect(threadStartedAt).toBeLessThanOrEqual(sentAt);
  });

  it("fails the requests in flight when the thread dies, then starts a new one", async () => {
    const thread = new PlatformThread(ECHO_WORKER);
    const inFlight = thread.request({ method: "POST", path: "/slow-neighbour", headers: [], body: null });
    const crash = thread.request({ method: "POST", path: "/crash", headers: [], body: null });
    await inFlight; // answered before the crash message was handled
    await expect(crash).rejects.toThrow(/exited with code 3/);
    const after = await thread.request({ method: "GET", path: "/api/after", headers: [], body: null });
    expect(after.status).toBe(200);
  });
});

describe("threadHandler", () => {
  const handler = threadHandler(new PlatformThread(ECHO_WORKER));

  it("sends method, path with query, headers and body, and rebuilds the response", async () => {
    const response = await handler(
      new Request("http://platform.internal/api/login?x=1", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "1.2.3.4" },
        body: "phone=13800000000&password=demo1234",
      }),
    );
    expect(response.status).toBe(200);
    const echoed = (await response.json()) as {
      method: string;
      path: string;
      headers: Record<string, string>;
      bodyBytes: number;
    };
    expect(echoed.method).toBe("POST");
    expect(echoed.path).toBe("/api/login?x=1");
    expect(echoed.headers["x-forwarded-for"]).toBe("1.2.3.4");
    expect(echoed.headers["content-length"]).toBe(String("phone=13800000000&password=demo1234".length));
    expect(echoed.bodyBytes).toBe("phone=13800000000&password=demo1234".length);
  });

  it("hands back a bodiless status without a body", async () => {
    const response = await handler(new Request("http://platform.internal/empty"));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });
});

describe("readBodyUpTo", () => {
  const post = (body: string | ReadableStream<Uint8Array>) =>
    new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);

  it("reads a small body whole", async () => {
    const body = await readBodyUpTo(post("a=1&b=2"), 100);
    expect(new TextDecoder().decode(body!)).toBe("a=1&b=2");
  });

  it("stops one byte past the limit however much is sent", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(65));
      },
    });
    const body = await readBodyUpTo(post(endless), 4097);
    expect(body!.byteLength).toBe(4097);
    expect(pulled).toBeLessThan(10);
  });

  it("has no body for GET", async () => {
    expect(await readBodyUpTo(new Request("http://x/"), 10)).toBeNull();
  });
});

describe("threadPlainHandler", () => {
  const send = threadPlainHandler(new PlatformThread(ECHO_WORKER));

  it("sends a form body with its length in bytes, and returns the reply as text", async () => {
    const body = "name=张三&session=abc";
    const reply = await send({
      method: "POST",
      path: "/api/change_name",
      headers: [["content-type", "application/x-www-form-urlencoded;charset=UTF-8"]],
      body,
    });
    expect(reply.status).toBe(200);
    const echoed = JSON.parse(reply.text) as {
      method: string;
      path: string;
      headers: Record<string, string>;
      bodyText: string;
    };
    expect(echoed.method).toBe("POST");
    expect(echoed.path).toBe("/api/change_name");
    expect(echoed.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(echoed.bodyText).toBe(body);
  });

  it("sends a GET with its query and no body", async () => {
    const reply = await send({ method: "GET", path: "/api/get_notice_by_page?page=2", headers: [], body: null });
    const echoed = JSON.parse(reply.text) as { path: string; headers: Record<string, string>; bodyText: null };
    expect(echoed.path).toBe("/api/get_notice_by_page?page=2");
    expect(echoed.headers).not.toHaveProperty("content-length");
    expect(echoed.bodyText).toBeNull();
  });
});
