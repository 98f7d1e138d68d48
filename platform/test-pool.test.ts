import { isMainThread } from "node:worker_threads";
import { expect, test } from "vitest";

// Decision 126: test files run in worker threads. Set in each project of vitest.config.ts, since Vitest 3's inline
// projects do not inherit the root's options; a `pool` that reaches no project leaves files in child processes.
test("platform test files run in a worker thread, not a child process of their own", () => {
  expect(isMainThread).toBe(false);
});
