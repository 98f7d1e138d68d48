// Preloaded into the server under test by tests/load/login-flood.ts (node --expose-gc --import), on the main
// thread and, through the inherited execArgv, on the platform's worker thread too. Test harness only.
// Main thread: on "measure" over IPC, collects garbage, asks every other thread of the process for its heap
// over a BroadcastChannel, and answers {rss, heapUsed, workerHeapUsed, workers}. Other threads answer
// {heapUsed} on the channel after their own full collection.
import { BroadcastChannel, isMainThread, threadId } from "node:worker_threads";

const channel = new BroadcastChannel("memory-probe");
channel.unref();

const collect = () => {
  globalThis.gc?.();
  globalThis.gc?.();
};

if (isMainThread) {
  process.on("message", (message) => {
    if (message !== "measure") return;
    const heaps = new Map();
    channel.onmessage = ({ data }) => {
      if (data?.kind === "heap") heaps.set(data.threadId, data.heapUsed);
    };
    collect();
    channel.postMessage({ kind: "measure" });
    setTimeout(() => {
      collect();
      const { rss, heapUsed } = process.memoryUsage();
      const workerHeapUsed = [...heaps.values()].reduce((sum, h) => sum + h, 0);
      process.send?.({ rss, heapUsed, workerHeapUsed, workers: heaps.size });
    }, 500);
  });
} else {
  channel.onmessage = ({ data }) => {
    if (data?.kind !== "measure") return;
    collect();
    channel.postMessage({ kind: "heap", threadId, heapUsed: process.memoryUsage().heapUsed });
  };
}
