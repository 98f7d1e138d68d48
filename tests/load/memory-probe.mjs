// Preloaded into the server under test by tests/load/login-flood.ts (node --expose-gc --import):
// answers {rss, heapUsed} over the IPC channel after a full garbage collection. Test harness only.
process.on("message", (message) => {
  if (message !== "measure") return;
  globalThis.gc?.();
  setTimeout(() => {
    globalThis.gc?.();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.send?.({ rss, heapUsed, external, arrayBuffers });
  }, 200);
});
