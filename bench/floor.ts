/**
 * `npm run bench:floor`: how fast can an empty Remix document be, next to the
 * trivial route, on this machine? A reference for `npm run bench`'s targets.
 *
 * For each route count (BENCH_FLOOR_ROUTES, default "2,25,80"), it writes a
 * throwaway Remix app into a temporary directory, with this project's
 * remix.config future flags and this project's app/entry.server.tsx:
 *  - a root with <Meta>, <Links>, <ScrollRestoration> and <Scripts>, and no loader;
 *  - /healthz, this project's resource route;
 *  - /doc, an empty page ("ok"), without a loader;
 *  - dummy pages up to the route count.
 * It builds it, serves it with remix-serve on 127.0.0.1, and measures /doc in
 * 2 s slices alternating with /healthz, as `npm run bench` does.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { freePort } from "./free-port";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CONNECTIONS, measureBesideCeiling, runSlice, type Target } from "./load";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HOST = "127.0.0.1";
const ROUTE_COUNTS = (process.env.BENCH_FLOOR_ROUTES ?? "2,25,80")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 2 && n <= 500);
const SLICES = 4;
const SLICE_SECONDS = 2;
const WARMUP_SECONDS = 4;

const ROOT_ROUTE = `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import type { ReactNode } from "react";
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <head><meta charSet="utf-8" /><Meta /><Links /><style id="stitches" dangerouslySetInnerHTML={{ __html: "" }} /></head>
      <body>{children}<ScrollRestoration /><Scripts /></body>
    </html>
  );
}
export default function App() { return <Outlet />; }
`;

/** This project's future flags, as JSON for the throwaway app's remix.config.js. */
async function projectFutureFlags(): Promise<string> {
  const config = (await import(pathToFileURL(path.join(ROOT, "remix.config.js")).href)) as {
    default: { future?: object };
  };
  return JSON.stringify(config.default.future ?? {});
}

function writeApp(dir: string, routeCount: number, config: string): void {
  const routes = path.join(dir, "app/routes");
  rmSync(path.join(dir, "app"), { recursive: true, force: true });
  rmSync(path.join(dir, "build"), { recursive: true, force: true });
  mkdirSync(routes, { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    `{"name":"floor","private":true,"type":"module","sideEffects":false}\n`,
  );
  writeFileSync(
    path.join(dir, "remix.config.js"),
    `export default { serverModuleFormat: "esm", future: ${config} };\n`,
  );
  writeFileSync(
    path.join(dir, "app/entry.server.tsx"),
    `export { default } from ${JSON.stringify(path.join(ROOT, "app/entry.server.tsx"))};\n`,
  );
  writeFileSync(
    path.join(dir, "app/entry.client.tsx"),
    `export * from ${JSON.stringify(path.join(ROOT, "app/entry.client.tsx"))};\n`,
  );
  writeFileSync(path.join(dir, "app/root.tsx"), ROOT_ROUTE);
  writeFileSync(
    path.join(routes, "healthz.ts"),
    `export { loader } from ${JSON.stringify(path.join(ROOT, "app/routes/healthz.ts"))};\n`,
  );
  writeFileSync(path.join(routes, "doc.tsx"), `export default function Doc() { return <p>ok</p>; }\n`);
  for (let i = 3; i <= routeCount; i++) {
    writeFileSync(path.join(routes, `area.page${i}.tsx`), `export default function Page() { return <p>${i}</p>; }\n`);
  }
}

async function serve(dir: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort(HOST);
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), "./build/index.js"],
    {
      cwd: dir,
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST },
    },
  );
  const origin = `http://${HOST}:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).status === 200) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error("the floor app did not start");
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "gpu-cloud-floor-"));
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  const ceiling: Target = { name: "healthz", path: "/healthz" };
  const doc: Target = { name: "empty document", path: "/doc" };
  const rows: string[] = [];
  try {
    console.log(`empty Remix document vs /healthz, ${CONNECTIONS} connections, ${SLICES} × ${SLICE_SECONDS} s slices`);
    const future = await projectFutureFlags();
    for (const count of ROUTE_COUNTS) {
      writeApp(dir, count, future);
      const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
        cwd: dir,
        encoding: "utf8",
      });
      if (build.status !== 0) throw new Error(`remix build failed:\n${build.stderr}`);
      const server = await serve(dir);
      try {
        await runSlice(server.origin, ceiling, WARMUP_SECONDS);
        const m = await measureBesideCeiling(server.origin, doc, ceiling, {
          count: SLICES,
          seconds: SLICE_SECONDS,
          warmUpSeconds: WARMUP_SECONDS,
        });
        if (m.skipped) throw new Error(`/doc ${m.skipped}`);
        const ceilingRps = m.ceilingSlices!.reduce((a, s) => a + s.reqPerSec, 0) / m.ceilingSlices!.length;
        const row = `${String(count).padStart(6)}  ${Math.round(m.reqPerSec!).toString().padStart(9)}  ${Math.round(ceilingRps).toString().padStart(11)}  ${m.ratio!.toFixed(2)}`;
        rows.push(row);
        console.log(`  ${count} routes: document ${Math.round(m.reqPerSec!)} req/s, ratio ${m.ratio!.toFixed(2)}`);
      } finally {
        await server.stop();
      }
    }
    console.log(`\nroutes  doc req/s  ceiling req/s  ratio\n${rows.join("\n")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
