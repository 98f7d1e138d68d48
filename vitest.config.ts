import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * Two projects:
 * - platform: rules, modules and the HTTP contract, against in-memory PGlite, or
 *   PostgreSQL when DATABASE_URL is set (`npm run test:pg`). Files named
 *   `*.pg.test.ts` check what only PostgreSQL has (a second process's
 *   connections, named statements): they are part of the PostgreSQL run only,
 *   so the PGlite run neither skips them nor passes them without asserting.
 * - app: the web tier's unit tests, and tests/integration/ (the web tier
 *   against a real platform).
 *
 * Each test file has a database of its own (an in-memory PGlite, or a database on the one PostgreSQL server), made
 * from the run's migrated template (the platform project's global setup, docs/decisions/120). Two files run at once,
 * one worker per core, on PGlite (docs/decisions/104: 750 s against 882 s one at a time) and on PostgreSQL
 * (docs/decisions/121: 486 s against 699 s). The platform's files run in worker threads (docs/decisions/126) that
 * are kept from one file to the next, with the modules they loaded (docs/decisions/128: the platform is imported
 * once per worker, not once per file; back to back, PGlite took 351 s instead of 583 s, PostgreSQL 168 s instead of
 * 397 s). What a file changes outside its own database must be undone by the file: one that mocks a module loads
 * the platform afresh before and after (platform/test-pool.test.ts checks). The app's files mock modules freely, so
 * each runs in a child process of its own. The pool is set in each project: Vitest 3's inline projects do not
 * inherit the root's test options.
 */
/**
 * What both projects share. Inline projects inherit nothing from the root's `test` (Vitest 3), so it is spread
 * into each. The 30 s: a CPU-bound equivalence check on a loaded machine takes more than vitest's 5 s.
 */
const eachProject = { environment: "node", testTimeout: 30_000 } as const;

export default defineConfig({
  resolve: { alias },
  test: {
    passWithNoTests: true,
    fileParallelism: true,
    maxWorkers: 2,
    minWorkers: 1,
    // Read by the pool of worker threads as a whole, not per project: keep each thread for the next file.
    poolOptions: { threads: { isolate: false } },
    projects: [
      {
        resolve: { alias },
        test: {
          ...eachProject,
          name: "platform",
          pool: "threads",
          include: ["platform/**/*.test.ts"],
          // On PostgreSQL, not platform/rules/: pure functions (no I/O, enforced by eslint.config.js) that the PGlite
          // run has already run, with no database to differ.
          exclude: process.env.DATABASE_URL
            ? [...configDefaults.exclude, "platform/rules/**"]
            : [...configDefaults.exclude, "platform/**/*.pg.test.ts"],
          hookTimeout: 60_000,
          // Every migration once per run, not once per file (decision 120).
          globalSetup: ["tests/support/database-template.global.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          ...eachProject,
          name: "app",
          // A child process per file: these files mock modules and stub globals. After the platform's files, not
          // beside them: the two pools would each run two files on the two cores (decision 128).
          pool: "forks",
          sequence: { groupOrder: 1 },
          include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
        },
      },
    ],
  },
});
