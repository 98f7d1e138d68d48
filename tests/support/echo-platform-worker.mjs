// A stand-in platform thread for app/upstream/platform-thread.server.test.ts: it answers each
// WireRequest with what it received, and exits (code 3) on POST /crash.
import { parentPort, workerData } from "node:worker_threads";

const threadStartedAt = Date.now();

if (workerData?.role === "gpu-cloud-platform") {
  parentPort.on("message", (message) => {
    if (message.path === "/crash") process.exit(3);
    const body = new TextEncoder().encode(
      JSON.stringify({
        method: message.method,
        path: message.path,
        headers: Object.fromEntries(message.headers),
        bodyBytes: message.body ? message.body.byteLength : null,
        bodyText: message.body ? new TextDecoder().decode(message.body) : null,
        threadStartedAt,
      }),
    ).buffer;
    const reply = {
      id: message.id,
      ok: true,
      status: message.path === "/empty" ? 204 : 200,
      headers: [["content-type", "application/json"]],
      body,
    };
    parentPort.postMessage(reply, [body]);
  });
}
