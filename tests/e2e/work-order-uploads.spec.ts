import { expect } from "@playwright/test";
import { signIn, test } from "./fixtures/session";
import { HOSTILE_SVG, PHP_SHELL, pngImage } from "../support/upload-fixtures";

// Issue 11 section 4: the editor's upload route stores a file through the platform (its own
// 10 MB limit, through the production build's platform thread), and the file's URL serves it to
// its owner only, with the stored type and nosniff; anyone else gets 404.

test("a user uploads an image and reads it back; another user and a logged-out visitor get 404", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login();
  const png = Buffer.from(pngImage(6, 5));
  const uploaded = await page.request.post("/resources/work-order-upload", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "截图.png", mimeType: "text/html", buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const file = (await uploaded.json()) as { id: number; url: string; mime: string; width: number; height: number };
  expect(file).toMatchObject({ mime: "image/png", width: 6, height: 5 });
  expect(file.url).toBe(`/work-order-files/${file.id}`);

  const served = await page.request.get(file.url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["content-disposition"]).toMatch(/^inline; /);
  expect(served.headers()["cache-control"]).toMatch(/^private/);
  expect(Buffer.from(await served.body()).equals(png)).toBe(true);

  const other = await browser.newContext({ baseURL });
  try {
    await signIn(other, baseURL!);
    const refused = await other.request.get(file.url);
    expect(refused.status()).toBe(404);
    expect(await refused.text()).toBe("附件不存在或无权访问");
  } finally {
    await other.close();
  }
  const anonymous = await browser.newContext({ baseURL });
  try {
    expect((await anonymous.request.get(file.url)).status()).toBe(404);
  } finally {
    await anonymous.close();
  }
});

test("the upload route refuses a PHP file named x.png, an 11 MB file and a foreign origin; an SVG is served as a download", async ({
  page,
  login,
  baseURL,
}) => {
  await login();
  const php = await page.request.post("/resources/work-order-upload", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "x.png", mimeType: "image/png", buffer: Buffer.from(PHP_SHELL) } },
  });
  expect(php.status()).toBe(415);
  expect((await php.json()).error).toContain("仅支持 gif、jpeg、jpg、png、svg 图片");

  const big = await page.request.post("/resources/work-order-upload", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024) } },
  });
  expect(big.status()).toBe(413);
  expect((await big.json()).error).toContain("10 MB");

  // Larger than the platform's 64 KB body limit for other calls: the upload call has its own.
  const pdf = Buffer.alloc(3 * 1024 * 1024, 0x20);
  pdf.write("%PDF-1.4\n");
  const document = await page.request.post("/resources/work-order-upload", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "日志.pdf", mimeType: "application/octet-stream", buffer: pdf } },
  });
  expect(document.status(), await document.text()).toBe(200);
  const pdfServed = await page.request.get(((await document.json()) as { url: string }).url);
  expect(pdfServed.headers()["content-type"]).toBe("application/pdf");
  expect(pdfServed.headers()["content-disposition"]).toMatch(
    /^attachment; .*filename\*=UTF-8''%E6%97%A5%E5%BF%97\.pdf/,
  );
  expect((await pdfServed.body()).length).toBe(pdf.length);

  const foreign = await page.request.post("/resources/work-order-upload", {
    headers: { Origin: "https://evil.example" },
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from(pngImage()) } },
  });
  expect(foreign.status()).toBe(403);

  const svg = await page.request.post("/resources/work-order-upload", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "图.svg", mimeType: "image/svg+xml", buffer: Buffer.from(HOSTILE_SVG) } },
  });
  expect(svg.status(), await svg.text()).toBe(200);
  const served = await page.request.get(((await svg.json()) as { url: string }).url);
  expect(served.headers()["content-type"]).toBe("image/svg+xml");
  expect(served.headers()["content-disposition"]).toMatch(/^attachment; /);
  const text = await served.text();
  expect(text).not.toMatch(/<script|onload|evil\.example/i);
});
