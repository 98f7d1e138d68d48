import { describe, expect, it } from "vitest";
import { BodyRefused, FORM_MAX_BYTES, readForm } from "./request-body.server";

/** A body that arrives in chunks with no Content-Length, and how much of it was pulled. */
function chunked(total: number, chunk = 16 * 1024) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new TextEncoder().encode("a".repeat(size)));
    },
  });
  return { body, pulled: () => sent };
}

const post = (body: BodyInit | ReadableStream | null, headers: Record<string, string>) =>
  new Request("http://127.0.0.1/login", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function refusal(promise: Promise<unknown>): Promise<BodyRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BodyRefused);
  return error as BodyRefused;
}

describe("readForm", () => {
  it("reads a form within the limit", async () => {
    const form = await readForm(
      post("intent=password&phone=13800000000", { "content-type": "application/x-www-form-urlencoded" }),
    );
    expect(form.get("phone")).toBe("13800000000");
  });

  it("refuses a declared length over 64 KB without reading a byte", async () => {
    const { body, pulled } = chunked(1024 * 1024);
    const request = post(body, {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(FORM_MAX_BYTES + 1),
    });
    const error = await refusal(readForm(request));
    expect(error.status).toBe(413);
    expect(error.message).toContain("64 KB");
    expect(pulled()).toBeLessThanOrEqual(16 * 1024 * 2); // at most what the stream queued ahead
  });

  it("refuses a chunked body as it crosses the limit, long before its end", async () => {
    const { body, pulled } = chunked(50 * 1024 * 1024);
    let pulledAtRefusal = -1;
    const error = await refusal(
      readForm(post(body, { "content-type": "application/x-www-form-urlencoded" })).catch((e: unknown) => {
        pulledAtRefusal = pulled();
        throw e;
      }),
    );
    expect(error.status).toBe(413);
    // Refused near the chunk that crossed the limit, not at the end of the 50 MB (what follows
    // is read and thrown away for a few seconds, never kept).
    expect(pulledAtRefusal).toBeGreaterThan(FORM_MAX_BYTES);
    expect(pulledAtRefusal).toBeLessThanOrEqual(FORM_MAX_BYTES + 16 * 16 * 1024);
  });

  it("refuses JSON and text/plain with 415, unread", async () => {
    expect((await refusal(readForm(post('{"a":1}', { "content-type": "application/json" })))).status).toBe(415);
    expect((await refusal(readForm(post("a=1", { "content-type": "text/plain" })))).status).toBe(415);
    expect((await refusal(readForm(post("a=1", {})))).status).toBe(415);
  });

  it("refuses a broken multipart body with 400", async () => {
    const request = post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated', {
      "content-type": "multipart/form-data; boundary=x",
    });
    expect((await refusal(readForm(request))).status).toBe(400);
    const noBoundary = post("a=1", { "content-type": "multipart/form-data" });
    expect((await refusal(readForm(noBoundary))).status).toBe(400);
  });

  it("reads an empty post as an empty form", async () => {
    const form = await readForm(post(null, { "content-length": "0" }));
    expect([...form.keys()]).toEqual([]);
  });
});
