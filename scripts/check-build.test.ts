import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { productionBuildProblem } from "./check-build.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** remix.config.js as `remix build` (production) and `remix dev` (development) read it. */
function remixConfig(nodeEnv: "production" | "development") {
  const json = execFileSync(
    process.execPath,
    ["--input-type=module", "-e", "console.log(JSON.stringify((await import('./remix.config.js')).default))"],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: nodeEnv }, encoding: "utf8" },
  );
  return JSON.parse(json) as { serverBuildPath: string; assetsBuildDirectory: string; publicPath: string };
}

describe("development and production builds (issue 33 §5)", () => {
  it("never share a folder", () => {
    const production = remixConfig("production");
    const development = remixConfig("development");
    expect(production).toMatchObject({
      serverBuildPath: "build/index.js",
      assetsBuildDirectory: "public/build",
      publicPath: "/build/",
    });
    expect(path.dirname(development.serverBuildPath)).not.toBe("build");
    expect(development.assetsBuildDirectory).not.toBe(production.assetsBuildDirectory);
    expect(development.assetsBuildDirectory.startsWith(`${production.assetsBuildDirectory}/`)).toBe(false);
    expect(development.publicPath).not.toBe(production.publicPath);
  });
});

describe("npm start's build check", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gpu-cloud-check-build-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function buildDir(name: string, index: string | null, worker = true): string {
    const at = path.join(dir, name);
    mkdirSync(at, { recursive: true });
    if (index !== null) writeFileSync(path.join(at, "index.js"), index);
    if (worker) writeFileSync(path.join(at, "platform-worker.js"), "");
    return at;
  }

  it("accepts a production build", () => {
    expect(productionBuildProblem(buildDir("prod", 'var mode = "production", publicPath = "/build/";'))).toBeNull();
  });

  it("refuses a development build, saying what to run", () => {
    expect(productionBuildProblem(buildDir("dev", 'var mode = "development";\n'))).toMatch(
      /is a development build, not a production one: run `npm run build`/,
    );
  });

  it("refuses a missing build and a build without the platform's thread", () => {
    expect(productionBuildProblem(buildDir("none", null))).toMatch(/index\.js is missing: run `npm run build` first/);
    expect(productionBuildProblem(buildDir("no-worker", 'var mode = "production";', false))).toMatch(
      /platform-worker\.js is missing/,
    );
  });

  it("stops `npm start` with the reason before the server starts", () => {
    let failure: { status: number; stderr: string } | null = null;
    try {
      execFileSync(process.execPath, ["scripts/check-build.mjs", buildDir("dev2", 'var mode = "development";')], {
        cwd: ROOT,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toMatch(/^npm start: .* is a development build/);
  });
});
