import { Worker } from "node:worker_threads";
import { MAX_BODY_BYTES } from "../../platform/contract/limits";
import { bodyLimitOf } from "../../platform/contract/uploads";
import { PLATFORM_THREAD_ROLE, type WireRequest, type WireResponse } from "../../platform/contract/thread";
import type { InProcessPlatform, PlainCall, PlainReply, PlatformHandler } from "./transport.server";

type Settle = { resolve: (reply: WireResponse & { ok: true }) => void; reject: (error: Error) => void };

/**
 * The platform on a worker thread of this process (docs/decisions/011-platform-thread.md).
 * The thread starts on first use, or earlier with `start` (the server's start, decision 066). If it dies, the requests in flight fail and
 * the next request starts a new one. It keeps the process alive only while
 * requests are in flight.
 */
export class PlatformThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Settle>();

  constructor(private readonly file: URL) {}

  /** Starts the thread now, so it prepares the platform (opens the database) before the first request. */
  start(): void {
    this.worker ??= this.spawn();
  }

  request(message: Omit<WireRequest, "id">): Promise<WireResponse & { ok: true }> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // Held while requests are in flight, so a script awaiting one is not cut short.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id } satisfies WireRequest, message.body ? [message.body] : []);
    });
  }

  private spawn(): Worker {
    const worker = new Worker(this.file, { workerData: { role: PLATFORM_THREAD_ROLE } });
    worker.on("message", (reply: WireResponse) => {
      const settle = this.pending.get(reply.id);
      if (!settle) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) settle.resolve(reply);
      else settle.reject(new Error(`platform: ${reply.error}`));
    });
    worker.on("error", (error: unknown) =>
      this.abandon(worker, error instanceof Error ? error : new Error(String(error))),
    );
    worker.on("exit", (code) => this.abandon(worker, new Error(`platform thread exited with code ${code}`)));
    // After the listeners: attaching a message listener refs the worker's port again.
    worker.unref();
    return worker;
  }

  /** Every request in flight went to this worker, so all of them fail with it. */
  private abandon(worker: Worker, error: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const settle of this.pending.values()) settle.reject(error);
    this.pending.clear();
  }
}

/** The platform on `thread`: whole requests for the mount routes, plain calls for `callApi`. */
export function threadPlatform(thread: PlatformThread): InProcessPlatform {
  return { send: threadHandler(thread), sendPlain: threadPlainHandler(thread) };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Sends a plain call to `thread` without building a Request or a Response on either side of it here. */
export function threadPlainHandler(thread: PlatformThread): (call: PlainCall) => Promise<PlainReply> {
  return async (call) => {
    const body = call.body === null ? null : encoder.encode(call.body);
    const headers: [string, string][] = body
      ? [...call.headers, ["content-length", String(body.byteLength)]]
      : call.headers;
    const reply = await thread.request({
      method: call.method,
      path: call.path,
      headers,
      // Transferred, so it must be a buffer of exactly these bytes.
      body: body ? exactBuffer(body) : null,
    });
    return { status: reply.status, text: decoder.decode(reply.body) };
  };
}

function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return (whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
}

/** A platform handler (see transport.server.ts) that sends each request to `thread` as plain data. */
export function threadHandler(thread: PlatformThread): PlatformHandler {
  return async (request, replacementHeaders) => {
    const url = new URL(request.url);
    const headers = new Headers(replacementHeaders ?? request.headers);
    // The body is read up to one byte over the platform's limit (which then answers 413) and sent
    // whole: its length replaces whatever the original request declared.
    const body = await readBodyUpTo(request, bodyLimitOf(url.pathname, MAX_BODY_BYTES) + 1);
    headers.delete("transfer-encoding");
    if (body) headers.set("content-length", String(body.byteLength));
    else headers.delete("content-length");
    const reply = await thread.request({
      method: request.method,
      path: url.pathname + url.search,
      headers: [...headers],
      body,
    });
    const bodiless = reply.status === 204 || reply.status === 205 || reply.status === 304;
    return new Response(bodiless ? null : reply.body, { status: reply.status, headers: reply.headers });
  };
}

/** The request body, cut after `limit` bytes; null when there is none. */
export async function readBodyUpTo(request: Request, limit: number): Promise<ArrayBuffer | null> {
  if (!request.body || request.method === "GET" || request.method === "HEAD") return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= limit) {
      // Stop reading without cancelling: cancelling the incoming request's stream would destroy the
      // socket before the platform's 413 is sent. The rest stays unread; the server drops it.
      reader.releaseLock();
      break;
    }
  }
  const body = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, body.byteLength - offset);
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body.buffer;
}
