import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { fail } from "../errors";
import { cleanFileName } from "../uploads/inspect";

/** The largest release file (200 MB): installers and AppImages are bigger than the work orders' 10 MB. */
export const RELEASE_MAX_FILE_BYTES = 200 * 1024 * 1024;

/**
 * The accepted kinds of release file, by the ending of their name, with the
 * type the bytes must have (file-type's name; "text": UTF-8 text without NUL;
 * "binary": no known signature, not text) and the type it is served with.
 */
const RELEASE_TYPES: { ending: string; detected: string[]; mime: string }[] = [
  { ending: ".tar.gz", detected: ["gz"], mime: "application/gzip" },
  { ending: ".zip", detected: ["zip"], mime: "application/zip" },
  { ending: ".sh", detected: ["text"], mime: "text/x-shellscript; charset=utf-8" },
  { ending: ".ps1", detected: ["text"], mime: "text/plain; charset=utf-8" },
  { ending: ".exe", detected: ["exe"], mime: "application/vnd.microsoft.portable-executable" },
  // A UDIF disk image's signature ("koly") is in its last 512 bytes, which file-type does not read.
  { ending: ".dmg", detected: ["dmg", "binary"], mime: "application/x-apple-diskimage" },
  { ending: ".appimage", detected: ["elf"], mime: "application/vnd.appimage" },
];

export const RELEASE_FILE_ENDINGS = [".zip", ".tar.gz", ".sh", ".ps1", ".exe", ".dmg", ".AppImage"];

/** A release file as it is stored: its cleaned name, served type, bytes and their SHA-256 (lower-case hex). */
export interface InspectedReleaseFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
  sha256: string;
}

function isUtf8Text(bytes: Uint8Array): boolean {
  try {
    return !new TextDecoder("utf-8", { fatal: true }).decode(bytes).includes("\0");
  } catch {
    return false;
  }
}

/** What the bytes are, as RELEASE_TYPES names it. */
async function detectedKind(bytes: Uint8Array): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.ext;
  return isUtf8Text(bytes) ? "text" : "binary";
}

/** Lower-case hex SHA-256 of the bytes: what the download page shows beside the file. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The uploads' checks for a software release (the name cleaned as every
 * upload's is, the type decided from the bytes, never from the name alone):
 * zip, tar.gz, sh, ps1, exe, dmg or AppImage, whose bytes are of that kind,
 * not empty, at most 200 MB. Refusals are UPLOAD_* errors on field `file`.
 */
export async function inspectReleaseFile(input: { name: string; bytes: Uint8Array }): Promise<InspectedReleaseFile> {
  const { bytes } = input;
  if (bytes.byteLength === 0) fail("UPLOAD_EMPTY", "file");
  if (bytes.byteLength > RELEASE_MAX_FILE_BYTES) fail("UPLOAD_TOO_LARGE", "file", "安装包不能超过 200 MB");
  const name = cleanFileName(input.name);
  const type = RELEASE_TYPES.find((t) => name.toLowerCase().endsWith(t.ending) && name.length > t.ending.length);
  if (!type) return fail("UPLOAD_TYPE_UNSUPPORTED", "file", `安装包只能是 ${RELEASE_FILE_ENDINGS.join("、")} 文件`);
  const kind = await detectedKind(bytes);
  if (!type.detected.includes(kind))
    fail("UPLOAD_TYPE_UNSUPPORTED", "file", `文件内容不是 ${type.ending} 格式，请检查后重新上传`);
  return { name, mime: type.mime, bytes, sha256: sha256Hex(bytes) };
}
