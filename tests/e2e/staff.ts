/**
 * Staff accounts for the desk's end-to-end tests: made with the real operator
 * command (`npm run ops -- staff add … --password-stdin`) against the test
 * server, and their login at /desk/login.
 */
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const STAFF_PASSWORD = "Desk-e2e-passw0rd";

/** `npm run ops -- staff add …` against the test server, the password on standard input; answers the CLI's output. */
export function addStaffByCli(baseURL: string, login: string, name: string, role = "agent"): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "npm",
      [
        "run",
        "--silent",
        "ops",
        "--",
        "staff",
        "add",
        "--login",
        login,
        "--name",
        name,
        "--role",
        role,
        "--password-stdin",
      ],
      { env: { ...process.env, OPS_URL: baseURL, DATA_DIR: process.env.E2E_DATA_DIR, OPS_ACTOR: "e2e-ops" } },
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`ops exited ${code}: ${out}`))));
    child.stdin.end(`${STAFF_PASSWORD}\n`);
  });
}

/** A fresh staff login name. */
export const uniqueStaffLogin = () => `e2e.${randomInt(0, 1e9)}`;

/** Logs `login` in at /desk/login; ends on the queue. */
export async function staffLogsIn(page: Page, login: string, password = STAFF_PASSWORD) {
  await page.goto("/desk");
  await expect(page).toHaveURL(/\/desk\/login/);
  await page.getByLabel("登录名").fill(login);
  await page.getByLabel("密码").fill(password);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByRole("heading", { name: "工单队列" })).toBeVisible();
}
