import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { DEMO } from "./support";

// Issue 9, section 4: /login parsed a 50 MB form, and three 200 MB posts took the server to
// 1.45 GB. Page actions now refuse a body over 64 KB before reading it, and count a chunked
// body as it arrives (docs/decisions/027).

/** The e2e server's node process (remix-serve on our port, not the npm and shell wrappers around it). */
function serverPid(port: string): number {
  const candidates: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (!/(^|\/)node$/.test(argv[0]!) || !argv.some((arg) => arg.includes("remix-serve"))) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (environ.includes(`PORT=${port}`)) candidates.push(Number(entry));
    } catch {
      // a process that ended, or one that is not ours
    }
  }
  expect(candidates, `one node remix-serve process with PORT=${port}`).toHaveLength(1);
  return candidates[0]!;
}

const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

/**
 * Posts `total` bytes of form data, chunked with no Content-Length, all of it even after the
 * server has answered (the server reads and throws away the rest): the answer's status, how
 * long it took, and how much had been sent when it came.
 */
function postChunked(url: URL, total: number): Promise<{ status: number; sentAtAnswer: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer: { status: number; sentAtAnswer: number; ms: number } | null = null;
    const request = http.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
    });
    request.on("response", (response) => {
      answer = { status: response.statusCode ?? 0, sentAtAnswer: sent, ms: Date.now() - started };
      response.resume();
    });
    request.on("error", reject);
    request.on("close", () => (answer ? resolve(answer) : reject(new Error("no answer"))));
    const chunk = Buffer.alloc(64 * 1024, "a");
    request.write("intent=password&phone=");
    const write = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

test("a 50 MB chunked post to /login is refused with 413 at once, and the server's memory stays put", async ({
  baseURL,
}) => {
  test.setTimeout(60_000);
  const pid = serverPid(new URL(baseURL!).port);
  const url = new URL("/login?tab=password", baseURL);
  // Warm up the page's first render, so what follows measures the body alone.
  expect((await postChunked(url, 1024 * 1024)).status).toBe(413);
  const before = rssBytes(pid);
  const result = await postChunked(url, 50 * 1024 * 1024);
  expect(result.status).toBe(413);
  expect(result.ms).toBeLessThan(3_000);
  const grown = rssBytes(pid) - before;
  console.log(
    `413 after ${result.ms} ms, ${Math.round(result.sentAtAnswer / 1024)} KB sent by then, 50 MB in all; ` +
      `server RSS ${Math.round(before / 1048576)} MB before, grew ${Math.round(grown / 1024)} KB`,
  );
  expect(grown, `the server's resident memory grew by ${Math.round(grown / 1024)} KB`).toBeLessThan(16 * 1024 * 1024);
});

test("a JSON or text/plain post to a page is 415, and a declared length over 64 KB is 413, not 500", async ({
  request,
}) => {
  const json = await request.post("/login?tab=password", {
    headers: { "content-type": "application/json" },
    data: JSON.stringify({ intent: "password", phone: DEMO.phone }),
  });
  expect(json.status()).toBe(415);
  const text = await request.post("/console/safe", {
    headers: { "content-type": "text/plain" },
    data: "intent=unregister",
    maxRedirects: 0,
  });
  expect(text.status()).toBe(415);
  const broken = await request.post("/login?tab=password", {
    headers: { "content-type": "multipart/form-data; boundary=zz" },
    data: '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\npassword',
  });
  expect(broken.status()).toBe(400);
  const large = await request.post("/login?tab=password", {
    form: { intent: "password", phone: DEMO.phone, password: "x".repeat(70 * 1024) },
  });
  expect(large.status()).toBe(413);
  expect(await large.text()).toContain("内容过大");
});

test("a form over 64 KB from the login page: a Chinese message, never 500", async ({ page, javaScriptEnabled }) => {
  await page.goto("/login?tab=password");
  await page.getByLabel("手机号", { exact: true }).fill(DEMO.phone);
  await page.getByLabel("密码", { exact: true }).fill("not-the-password1");
  // A field the page does not have, 70 KB long: what a careless or hostile client sends.
  await page.locator('form:has(input[name="redirectTo"])').evaluate((form) => {
    const padding = document.createElement("input");
    padding.type = "hidden";
    padding.name = "padding";
    padding.value = "x".repeat(70 * 1024);
    form.append(padding);
  });
  await page.getByRole("button", { name: "登录", exact: true }).click();
  if (javaScriptEnabled) {
    await expect(
      page.getByRole("alert").filter({ hasText: "提交的内容过大（上限 64 KB），请精简后重试" }),
    ).toBeVisible();
  } else {
    await expect(page.getByRole("heading", { name: "413 · 内容过大" })).toBeVisible();
  }
  await page.goto("/console/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});
