import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, type LaunchOptions } from "@playwright/test";

/**
 * End-to-end tests against the built app (`npx remix build` first), started with
 * `npm start` on a fresh data directory and the sandbox providers (APP_ENV=test).
 *
 * Two projects run every journey: JavaScript on, and JavaScript off (the plain
 * HTML forms). Files named *.js-only.spec.ts test what exists only with
 * JavaScript (dropdowns, dialogs), so the js-off project ignores them. Files
 * named *.http.spec.ts send plain requests with no browser and run once, in
 * the "http" project.
 *
 * Chromium is the system one (/usr/bin/chromium, or CHROMIUM_PATH).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;

// Playwright loads this file in the runner and again in each worker. The runner
// makes the data directory and passes it down through the environment, so the
// workers do not make directories of their own.
const ownsDataDir = !process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "gpu-cloud-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
if (ownsDataDir && !process.env.E2E_KEEP_DATA) {
  process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}

// The cookie-signing secret, shared the same way: the server signs with it, and the
// login fixture (tests/e2e/fixtures/session.ts) signs the cookies it adds with it.
process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");

const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Three browsers at once: with two, the machine sat 41 % idle while journeys waited for the sandbox fleet's
  // transitions (docs/decisions/121). A journey shares two cores with two others, so it gets 45 s, not 30.
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL,
    headless: true,
    launchOptions,
    locale: "zh-CN",
    // No trace: recording one for every test (to keep it on failure) cost a quarter of the suite's CPU, and CI keeps
    // only the log (docs/decisions/127). To look into a failure: `npx playwright test <spec> --trace retain-on-failure`.
    trace: "off",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true }, testIgnore: /\.http\.spec\.ts$/ },
    { name: "js-off", use: { javaScriptEnabled: false }, testIgnore: [/\.js-only\.spec\.ts$/, /\.http\.spec\.ts$/] },
    // Plain HTTP, no browser: what these send does not depend on JavaScript, so they run once, after the
    // journeys (a walk of thousands of requests would slow the pages they time).
    { name: "http", testMatch: /\.http\.spec\.ts$/, dependencies: ["js-on", "js-off"] },
  ],
  webServer: {
    // Fixtures go into the fresh DATA_DIR first (tests/e2e/fixtures/seed.ts), then the built server starts.
    command: "npx tsx tests/e2e/fixtures/seed.ts && npm start",
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // The sandbox providers: the tests read codes at /sandbox/sms and sign in through /sandbox/session.
      APP_ENV: "test",
      SMS_PROVIDER: "sandbox",
      EMAIL_PROVIDER: "sandbox",
      // One proxy in front, as in production: tests that need their own client address send X-Forwarded-For.
      TRUST_PROXY: "1",
      SESSION_SECRET: process.env.SESSION_SECRET,
      // The sandbox QR encodes <PUBLIC_URL>/sandbox/pay/<out_trade_no>: the tests open it as a phone would.
      PUBLIC_URL: baseURL,
      // The public pages' footer (decision 064): tests/e2e/dead-ends.spec.ts checks it shows what is configured.
      SITE_COMPANY_NAME: "算力云测试科技有限公司",
      SITE_CONTACT_PHONE: "400-000-0000",
      SITE_CONTACT_EMAIL: "support@gpu-cloud.test",
      SITE_ICP_NUMBER: "京ICP备00000000号-1",
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
