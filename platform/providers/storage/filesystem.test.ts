import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FilesystemStorageProvider } from "./filesystem";

const root = mkdtempSync(path.join(tmpdir(), "gpu-cloud-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("filesystem storage provider", () => {
  const storage = new FilesystemStorageProvider(root);

  it("stores, reads back and deletes bytes by key", async () => {
    const bytes = new TextEncoder().encode("你好");
    await storage.put("work-orders/2026/abc-1", bytes, "text/plain");
    expect(await storage.get("work-orders/2026/abc-1")).toEqual(bytes);
    expect(readdirSync(path.join(root, "work-orders", "2026"))).toEqual(["abc-1"]);
    await storage.delete("work-orders/2026/abc-1");
    expect(await storage.get("work-orders/2026/abc-1")).toBeNull();
    await storage.delete("work-orders/2026/abc-1");
  });

  it("answers null for a key never stored", async () => {
    expect(await storage.get("nothing-here")).toBeNull();
  });

  it("refuses keys that could leave its directory", async () => {
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a//b", "A", "a/./b", "a\\b", ""])
      await expect(storage.put(key, new Uint8Array([1]), "text/plain")).rejects.toThrow(/invalid storage key/);
    await expect(storage.get("../../etc/passwd")).rejects.toThrow(/invalid storage key/);
  });
});
