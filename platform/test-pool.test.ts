import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";
import { expect, test } from "vitest";

// Decision 126: test files run in worker threads. Set in each project of vitest.config.ts, since Vitest 3's inline
// projects do not inherit the root's options; a `pool` that reaches no project leaves files in child processes.
test("platform test files run in a worker thread, not a child process of their own", () => {
  expect(isMainThread).toBe(false);
});

// Decision 128: a worker keeps the modules it loaded for its next file. A module a file mocks binds only the modules
// loaded after the mock, so such a file must load the platform afresh (vi.resetModules() in its vi.hoisted) and
// leave a fresh registry to the next file (vi.resetModules() after its tests).
test("a platform test file that mocks a module resets the loaded modules before and after", () => {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const mocking = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }))
    .filter(({ text }) => /\bvi\.(do)?mock\(/.test(text));
  expect(mocking.length).toBeGreaterThan(0); // the scan finds the files it checks (platform/http/hostile-input)
  const unsafe = mocking.filter(({ text }) => {
    const hoisted = /vi\.hoisted\(\(\) => \{\s*(\/\/[^\n]*\n\s*)*vi\.resetModules\(\);/.test(text);
    const resets = text.match(/vi\.resetModules\(\)/g)?.length ?? 0;
    return !hoisted || resets < 2;
  });
  expect(unsafe.map(({ file }) => file)).toEqual([]);
});
