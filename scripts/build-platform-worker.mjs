/**
 * Compiles the platform's entries beside the Remix server build, for Node 22 and later (package.json engines; the Dockerfile runs 24):
 *  - build/platform-worker.js: the worker-thread entry (platform/thread/worker.ts) the web tier starts
 *    (docs/decisions/011-platform-thread.md);
 *  - build/platform.js: the standalone platform (platform/main.ts), `npm run start:platform`;
 *  - build/ops.js: the operators' command line (platform/ops/cli.ts), for an image without tsx
 *    (`node build/ops.js …`; in a checkout `npm run ops` runs it from source).
 * Production runs no TypeScript through tsx (issue 33 §5). Packages stay external: they are loaded from
 * node_modules at run time, as the server build loads them.
 */
import { build } from "esbuild";

await build({
  entryPoints: {
    "platform-worker": "platform/thread/worker.ts",
    platform: "platform/main.ts",
    ops: "platform/ops/cli.ts",
  },
  outdir: "build",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node22",
  logLevel: "warning",
});
