import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { getPlatform } from "../index";
import { PLATFORM_THREAD_ROLE, type WireRequest, type WireResponse } from "../contract/thread";
import { describeFault, faultSummary } from "../modules/fault-log";

/**
 * The platform on its own thread (see docs/decisions/011-platform-thread.md).
 * The web tier posts WireRequests; each is answered by the same fetch handler
 * the in-process and HTTP modes use, so the contract is identical. Requests
 * interleave on this thread's event loop exactly as they did on the main one.
 */
async function answer(message: WireRequest): Promise<WireResponse> {
  try {
    const platform = await getPlatform();
    const hasBody = message.body !== null && message.method !== "GET" && message.method !== "HEAD";
    const request = new Request(new URL(message.path, "http://platform.internal"), {
      method: message.method,
      headers: message.headers,
      body: hasBody ? message.body : null,
    });
    const response = await platform.fetch(request);
    return {
      id: message.id,
      ok: true,
      status: response.status,
      headers: [...response.headers],
      body: await response.arrayBuffer(),
    };
  } catch (error) {
    console.error(`[platform thread] ${describeFault(error)}`);
    return { id: message.id, ok: false, error: faultSummary(error) };
  }
}

if (!isMainThread && parentPort && (workerData as { role?: string } | null)?.role === PLATFORM_THREAD_ROLE) {
  const port = parentPort;
  // Prepared as soon as the thread starts (the web tier starts it with the server, decision 066); a
  // failure is logged here and tried again by the next request.
  getPlatform().catch((error: unknown) => console.error(`[platform thread] start: ${describeFault(error)}`));
  port.on("message", (message: WireRequest) => {
    void answer(message).then((reply) => port.postMessage(reply, reply.ok ? [reply.body] : []));
  });
}
