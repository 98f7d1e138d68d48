import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadImage } from "./upload-image";

const file = new File([new Uint8Array([137, 80, 78, 71])], "shot.png", { type: "image/png" });
const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe("uploadImage", () => {
  it("posts the file in the named field and answers the id and address", async () => {
    const fetch = answer(200, { id: 7, url: "/files/7" });
    vi.stubGlobal("fetch", fetch);
    await expect(uploadImage("/resources/work-order-upload", file, "file", "上传失败")).resolves.toEqual({
      id: "7",
      url: "/files/7",
      name: "shot.png",
    });
    const [target, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(target).toBe("/resources/work-order-upload");
    expect(init.method).toBe("POST");
    expect((init.body as FormData).get("file")).toBeInstanceOf(File);
  });

  it("throws the route's reason, as a string or inside an object", async () => {
    vi.stubGlobal("fetch", answer(400, { error: "文件类型不支持" }));
    await expect(uploadImage("/u", file, "file", "上传失败")).rejects.toThrow("文件类型不支持");
    vi.stubGlobal("fetch", answer(413, { error: { code: "TOO_LARGE", message: "文件不能超过 10 MB" } }));
    await expect(uploadImage("/u", file, "file", "上传失败")).rejects.toThrow("文件不能超过 10 MB");
  });

  it("falls back to its own reason for a broken answer or a network failure", async () => {
    vi.stubGlobal("fetch", answer(502, "<html>bad gateway</html>"));
    await expect(uploadImage("/u", file, "file", "上传失败")).rejects.toThrow("上传失败");
    vi.stubGlobal("fetch", answer(200, { id: 1 }));
    await expect(uploadImage("/u", file, "file", "上传失败")).rejects.toThrow("上传失败");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await expect(uploadImage("/u", file, "file", "上传失败")).rejects.toThrow("上传失败");
  });
});
