/**
 * `npm run build`, last step: build/pglite-template, an empty migrated PGlite database that a first
 * start copies instead of creating one (platform/db/template.ts, decision 066).
 */
import path from "node:path";
import { buildTemplate, TEMPLATE_DIR_NAME } from "../platform/db/template";

const started = performance.now();
const outDir = path.resolve("build", TEMPLATE_DIR_NAME);
const migrations = await buildTemplate(outDir);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.info(`[build] ${path.relative(process.cwd(), outDir)}: ${migrations} migrations applied in ${seconds} s`);
