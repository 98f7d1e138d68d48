import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * Two projects:
 * - platform: rules, modules and the HTTP contract, against in-memory PGlite, or
 *   PostgreSQL when DATABASE_URL is set (`npm run test:pg`).
 * - app: the web tier's unit tests, and tests/integration/ (the web tier
 *   against a real platform).
 *
 * Test files run one at a time (a root-only option in vitest 3): on PostgreSQL
 * they share one database, and argon2 hashing is CPU-bound.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    passWithNoTests: true,
    fileParallelism: false,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "platform",
          environment: "node",
          include: ["platform/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "app",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
