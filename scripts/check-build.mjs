/**
 * `npm start`, before remix-serve: refuses, with what to do, when build/ holds no production build
 * (never built, or a development build from before `remix dev` got its own dev-build/ folder),
 * instead of a server that answers 500 on every page (issue 33 §5).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Why `buildDir` cannot be served by `npm start`, or null when it holds a production build. */
export function productionBuildProblem(buildDir) {
  const index = path.join(buildDir, "index.js");
  if (!existsSync(index)) return `${index} is missing: run \`npm run build\` first.`;
  const mode = /\bvar mode = "(\w+)"/.exec(readFileSync(index, "utf8"))?.[1];
  if (mode !== "production")
    return `${index} is a ${mode ?? "unknown"} build, not a production one: run \`npm run build\` (\`npm run dev\` builds into dev-build/).`;
  if (!existsSync(path.join(buildDir, "platform-worker.js")))
    return `${path.join(buildDir, "platform-worker.js")} is missing: run \`npm run build\` (it builds the platform's thread too).`;
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const buildDir = path.resolve(process.argv[2] ?? fileURLToPath(new URL("../build", import.meta.url)));
  const problem = productionBuildProblem(buildDir);
  if (problem) {
    console.error(`npm start: ${problem}`);
    process.exit(1);
  }
}
