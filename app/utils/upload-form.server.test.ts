import { describe, expect, it } from "vitest";
import { BodyRefused } from "./request-body.server";
import { oversizeFiles, readUploadForm, type UploadLimits } from "./upload-form.server";

const LIMITS: UploadLimits = { maxFileBytes: 100 * 1024, maxTotalBytes: 250 * 1024, maxFiles: 3 };

/** A real multipart body (as a browser sends it), streamed in 8 KB chunks without Content-Length. */
function multipart(files: { name: string; size: number }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append("attachment", new File(["x".repeat(file.size)], file.name, { type: "image/png" }));
  const encoded = new Response(form);
  return { encoded, type: encoded.headers.get("content-type")! };
}

async function chunkedRequest(files: { name: string; size: number }[], fields: Record<string, string> = {}) {
  const { encoded, type } = multipart(files, fields);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 8192));
      offset += 8192;
    },
  });
  const request = new Request("http://127.0.0.1/console/createWorkOrder", {
    method: "POST",
    headers: { "content-type": type },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, read: () => Math.min(offset, bytes.length), size: bytes.length };
}

async function refusal(promise: Promise<unknown>): Promise<BodyRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BodyRefused);
  return error as BodyRefused;
}

describe("readUploadForm", () => {
  it("parses files and fields within the limits", async () => {
    const { request } = await chunkedRequest(
      [
        { name: "a.png", size: 90 * 1024 },
        { name: "b.png", size: 10 },
      ],
      { title: "无法连接实例" },
    );
    const form = await readUploadForm(request, LIMITS);
    expect(form.get("title")).toBe("无法连接实例");
    const files = form.getAll("attachment") as File[];
    expect(files.map((f) => [f.name, f.size, f.type])).toEqual([
      ["a.png", 90 * 1024, "image/png"],
      ["b.png", 10, "image/png"],
    ]);
  });

  it("refuses a file over its limit as it streams, before the rest is read", async () => {
    const { request, read, size } = await chunkedRequest([
      { name: "big.png", size: 150 * 1024 },
      { name: "after.png", size: 90 * 1024 },
    ]);
    let readAtRefusal = -1;
    const error = await refusal(
      readUploadForm(request, LIMITS).catch((e: unknown) => {
        readAtRefusal = read();
        throw e;
      }),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe("单个文件不能超过 100 KB");
    expect(readAtRefusal).toBeLessThan(size);
    expect(readAtRefusal).toBeLessThanOrEqual(100 * 1024 + 16 * 8192);
  });

  it("with oversizeFile: note, drops a file over its limit for a note and keeps the other files and the fields", async () => {
    const { request } = await chunkedRequest(
      [
        { name: "big.png", size: 150 * 1024 },
        { name: "after.png", size: 20 * 1024 },
      ],
      { body: "问题描述" },
    );
    const form = await readUploadForm(request, { ...LIMITS, oversizeFile: "note" });
    expect(form.get("body")).toBe("问题描述");
    expect(oversizeFiles(form, "attachment")).toEqual([{ name: "big.png", reason: "单个文件不能超过 100 KB" }]);
    const kept = form.getAll("attachment").filter((v): v is File => v instanceof File);
    expect(kept.map((f) => [f.name, f.size])).toEqual([["after.png", 20 * 1024]]);
  });

  it("with oversizeFile: note, still refuses a body over the total limit", async () => {
    const { request } = await chunkedRequest([{ name: "huge.png", size: 300 * 1024 }]);
    const error = await refusal(readUploadForm(request, { ...LIMITS, oversizeFile: "note" }));
    expect(error.status).toBe(413);
    expect(error.message).toBe("提交的内容过大（上限 250 KB），请精简后重试");
  });

  it("refuses a body over the total limit", async () => {
    const { request, read } = await chunkedRequest([
      { name: "a.png", size: 95 * 1024 },
      { name: "b.png", size: 95 * 1024 },
      { name: "c.png", size: 95 * 1024 },
    ]);
    let readAtRefusal = -1;
    const error = await refusal(
      readUploadForm(request, { ...LIMITS, maxFiles: 5 }).catch((e: unknown) => {
        readAtRefusal = read();
        throw e;
      }),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe("提交的内容过大（上限 250 KB），请精简后重试");
    expect(readAtRefusal).toBeLessThanOrEqual(250 * 1024 + 16 * 8192);
  });

  it("refuses more files than allowed", async () => {
    const { request } = await chunkedRequest([1, 2, 3, 4].map((i) => ({ name: `${i}.png`, size: 10 })));
    const error = await refusal(readUploadForm(request, LIMITS));
    expect(error.status).toBe(413);
    expect(error.message).toBe("一次最多上传 3 个文件");
  });

  it("refuses a declared length over the total before reading", async () => {
    const { request, read, size } = await chunkedRequest([{ name: "a.png", size: 90 * 1024 }]);
    const declared = new Request(request, {
      headers: { ...Object.fromEntries(request.headers), "content-length": String(300 * 1024) },
    });
    expect((await refusal(readUploadForm(declared, LIMITS))).status).toBe(413);
    expect(read()).toBeLessThanOrEqual(2 * 8192); // what the stream pulls ahead on its own
    expect(read()).toBeLessThan(size);
  });

  it("refuses a body that is not multipart (415) and a broken one (400)", async () => {
    const json = new Request("http://127.0.0.1/x", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect((await refusal(readUploadForm(json, LIMITS))).status).toBe(415);
    const broken = new Request("http://127.0.0.1/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zz" },
      body: '--zz\r\nContent-Disposition: form-data; name="a"; filename="a.png"\r\n\r\nno end',
    });
    expect((await refusal(readUploadForm(broken, LIMITS))).status).toBe(400);
  });
});
