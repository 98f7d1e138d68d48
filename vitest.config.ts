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
 * On PostgreSQL, test files run one at a time (a root-only option in vitest 3): they share one database. On PGlite
 * each file has its own in-memory database, so two run at once, one worker per core (docs/decisions/104: the stage
 * took 750 s against 882 s one at a time).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    passWithNoTests: true,
    fileParallelism: !process.env.DATABASE_URL,
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "platform",
          environment: "node",
          include: ["platform/**/*.test.ts"],
          exclude: process.env.DATABASE_URL
            ? configDefaults.exclude
            : [...configDefaults.exclude, "platform/**/*.pg.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "app",
          environment: "node",
          // As the platform's: a CPU-bound equivalence check on a loaded machine takes more than vitest's 5 s.
          testTimeout: 30_000,
          include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
        },
      },
    ],
  },
});
