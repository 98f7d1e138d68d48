/**
 * The release files' check (decision 075): the name's ending chooses the kind,
 * the bytes must be of that kind, 200 MB at most, and the SHA-256 is of the
 * bytes kept.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { inspectReleaseFile, RELEASE_MAX_FILE_BYTES } from "./release-file";

const text = (s: string) => new TextEncoder().encode(s);
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0x41, 0x49, 2, ...new Array(53).fill(0)]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, ...new Array(50).fill(0)]);
/** Bytes with no signature file-type knows, and not UTF-8 text: what a UDIF image's start looks like to it. */
const OPAQUE = new Uint8Array([0xde, 0xad, 0xbe, 0xef, 0xff, 0xfe, 0x00, 0x81, ...new Array(56).fill(0x93)]);

describe("inspectReleaseFile", () => {
  it.each([
    ["tool-1.0.tar.gz", new Uint8Array(gzipSync(Buffer.from("tar bytes"))), "application/gzip"],
    ["helper.AppImage", ELF, "application/vnd.appimage"],
    ["setup.exe", EXE, "application/vnd.microsoft.portable-executable"],
    ["helper.dmg", OPAQUE, "application/x-apple-diskimage"],
    ["gpu-ssh-config.ps1", text("Write-Output '你好'\r\n"), "text/plain; charset=utf-8"],
    ["run.sh", text("#!/bin/sh\necho ok\n"), "text/x-shellscript; charset=utf-8"],
  ])("accepts %s as %s", async (name, bytes, mime) => {
    const file = await inspectReleaseFile({ name, bytes });
    expect(file).toMatchObject({ name, mime, bytes });
    expect(file.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it.each([
    ["helper.AppImage", EXE, "UPLOAD_TYPE_UNSUPPORTED"],
    ["helper.dmg", text("not an image"), "UPLOAD_TYPE_UNSUPPORTED"],
    ["tool.gz", new Uint8Array(gzipSync(Buffer.from("x"))), "UPLOAD_TYPE_UNSUPPORTED"],
    [".sh", text("echo"), "UPLOAD_TYPE_UNSUPPORTED"],
    ["run.sh", new Uint8Array([0x23, 0x21, 0x00, 0xff]), "UPLOAD_TYPE_UNSUPPORTED"],
    ["run.sh", new Uint8Array(), "UPLOAD_EMPTY"],
  ])("refuses %s", async (name, bytes, key) => {
    await expect(inspectReleaseFile({ name, bytes })).rejects.toMatchObject({ key, field: "file" });
  });

  it("refuses a file over 200 MB before reading its type, and cleans the name", async () => {
    const big = new Uint8Array(RELEASE_MAX_FILE_BYTES + 1);
    await expect(inspectReleaseFile({ name: "big.zip", bytes: big })).rejects.toMatchObject({
      key: "UPLOAD_TOO_LARGE",
      detail: "安装包不能超过 200 MB",
    });
    const file = await inspectReleaseFile({ name: '../../"evil"\u202e.sh', bytes: text("echo") });
    expect(file.name).toBe("evil.sh");
  });
});
