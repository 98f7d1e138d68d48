/**
 * Software downloads (issue 35 §1), JavaScript on and off: /software lists
 * SSH 连接助手 with a release per system; downloading one gives the file
 * whose SHA-256 is the figure shown beside it, with its name, as an
 * attachment; a release that does not exist is 404. The page passes axe.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";

test("download a release of SSH 连接助手 and check its SHA-256 against the page", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  await page.goto("/software");
  await expect(page.getByRole("heading", { level: 1, name: "软件下载" })).toBeVisible();
  const tool = page.getByTestId("software-tool").filter({ hasText: "SSH 连接助手" });
  await expect(tool).toHaveAttribute("id", "ssh-config-helper");
  const releases = tool.getByTestId("release");
  await expect(releases).toHaveCount(3);
  await expect(releases.locator("td:first-child")).toHaveText(["Windows", "macOS", "Linux"]);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  for (const [row, name] of [
    [releases.nth(0), "gpu-ssh-config.ps1"],
    [releases.nth(2), "gpu-ssh-config.sh"],
  ] as const) {
    const shown = (await row.getByTestId("sha256").textContent())!.trim();
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: new RegExp(`^下载 ${name.replace(".", "\\.")}`) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const bytes = await readFile((await download.path())!);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(shown);
    expect(bytes.toString("utf8")).toContain("SSH 连接助手 1.0.0");
  }
});

test("the download answers the file's length, name and SHA-256; a missing release is 404", async ({ page }) => {
  await page.goto("/software");
  const row = page.getByTestId("release").filter({ hasText: "Linux" });
  const id = await row.getAttribute("data-release-id");
  const shown = (await row.getByTestId("sha256").textContent())!.trim();
  const reply = await page.request.get(`/software/download/${id}`);
  expect(reply.status()).toBe(200);
  const body = await reply.body();
  expect(reply.headers()["content-length"]).toBe(String(body.byteLength));
  expect(reply.headers()["content-disposition"]).toMatch(/^attachment; filename="gpu-ssh-config\.sh"/);
  expect(reply.headers()["x-content-sha256"]).toBe(shown);
  expect(reply.headers()["x-content-type-options"]).toBe("nosniff");
  expect(createHash("sha256").update(body).digest("hex")).toBe(shown);
  for (const missing of ["999999999", "abc", "0"])
    expect((await page.request.get(`/software/download/${missing}`)).status()).toBe(404);
});
