/**
 * Compiles the platform's worker-thread entry (platform/thread/worker.ts) to
 * build/platform-worker.js, beside the Remix server build that starts it.
 * Packages stay external: they are loaded from node_modules at run time, as the
 * server build loads them. See docs/decisions/011-platform-thread.md.
 */
import { build } from "esbuild";

await build({
  entryPoints: ["platform/thread/worker.ts"],
  outfile: "build/platform-worker.js",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
});
