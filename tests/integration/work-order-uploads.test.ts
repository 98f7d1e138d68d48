/**
 * The web tier's upload functions (app/upstream/uploads.server.ts) against a
 * platform over HTTP (PLATFORM_URL): a no-JavaScript form's files read with
 * the page limits, uploaded one call each, read back by their owner only.
 */
import { serve, type ServerType } from "@hono/node-server";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "../../platform/http/app";
import type { FilesystemStorageProvider } from "../../platform/providers/storage/filesystem";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../support/platform";
import { PHP_SHELL, pdfDocument, pngImage } from "../support/upload-fixtures";

let t: TestPlatform;
let server: ServerType;
let owner: RegisteredUser;
let stranger: RegisteredUser;
let uploads: typeof import("~/upstream/uploads.server");
let readUploadForm: typeof import("~/utils/upload-form.server").readUploadForm;
let UpstreamError: typeof import("~/upstream/transport.server").UpstreamError;

beforeAll(async () => {
  t = await startTestPlatform();
  const app = createHttpApp(t.ctx, { sandbox: true, addressing: { role: "in-process" } });
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  vi.stubEnv("PLATFORM_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  uploads = await import("~/upstream/uploads.server");
  ({ readUploadForm } = await import("~/utils/upload-form.server"));
  ({ UpstreamError } = await import("~/upstream/transport.server"));
  owner = await t.registerUser();
  stranger = await t.registerUser();
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  if (server) await new Promise((resolve) => server.close(resolve));
  const root = (t?.ctx.providers.storage as FilesystemStorageProvider | undefined)?.root;
  if (t) await t.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A page's multipart post: a text field and the `files` input. */
function pagePost(files: { name: string; type: string; bytes: Uint8Array }[]): Request {
  const form = new FormData();
  form.append("title", "GPU 无法启动");
  if (files.length === 0) form.append("files", new File([], "", { type: "application/octet-stream" }));
  for (const f of files) form.append("files", new File([f.bytes], f.name, { type: f.type }));
  return new Request("http://web/console/createWorkOrder/submit", { method: "POST", body: form });
}

describe("uploading a form's files through the web tier", () => {
  it("uploads each chosen file and reads it back as its owner; another user gets not-found", async () => {
    const form = await readUploadForm(
      pagePost([
        { name: "截图.png", type: "image/png", bytes: pngImage(3, 2) },
        { name: "说明.pdf", type: "application/pdf", bytes: pdfDocument() },
      ]),
      uploads.WORK_ORDER_UPLOAD_LIMITS,
    );
    expect(form.get("title")).toBe("GPU 无法启动");
    const files = uploads.chosenFiles(form, "files");
    const stored = await uploads.uploadWorkOrderFiles({ token: owner.token }, files);
    expect(stored.map((f) => [f.name, f.mime])).toEqual([
      ["截图.png", "image/png"],
      ["说明.pdf", "application/pdf"],
    ]);
    const served = await uploads.fetchWorkOrderFile({ token: owner.token }, stored[0]!.id);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pngImage(3, 2));

    const refused = await uploads.fetchWorkOrderFile({ token: stranger.token }, stored[0]!.id).catch((e) => e);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ key: "WORK_ORDER_FILE_NOT_FOUND", kind: "not-found" });
  });

  it("an empty file input chooses nothing", async () => {
    const form = await readUploadForm(pagePost([]), uploads.WORK_ORDER_UPLOAD_LIMITS);
    expect(uploads.chosenFiles(form, "files")).toEqual([]);
  });

  it("names the refused file in the reason, beside the field", async () => {
    const files = [
      new File([pngImage()], "ok.png", { type: "image/png" }),
      new File([PHP_SHELL], "x.png", { type: "image/png" }),
    ];
    const error = await uploads.uploadWorkOrderFiles({ token: owner.token }, files).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ key: "UPLOAD_TYPE_UNSUPPORTED", field: "files", kind: "refused" });
    expect(error.reason).toMatch(/^“x\.png”：仅支持/);
  });

  it("refuses a tenth file in one form before reading it, and a dead token as a dead session", async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `${i}.png`, type: "image/png", bytes: pngImage() }));
    await expect(readUploadForm(pagePost(ten), uploads.WORK_ORDER_UPLOAD_LIMITS)).rejects.toMatchObject({
      status: 413,
      message: "一次最多上传 9 个文件",
    });
    const dead = await uploads
      .uploadWorkOrderFile({ token: "x".repeat(43) }, new File([pngImage()], "a.png"))
      .catch((e) => e);
    expect(dead).toMatchObject({ status: 2, kind: "session" });
  });
});
