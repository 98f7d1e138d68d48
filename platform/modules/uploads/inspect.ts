import { fileTypeFromBuffer } from "file-type";
import { fail } from "../errors";
import { rasterDimensions } from "./image-dimensions";
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_IMAGE_PIXELS, UPLOAD_MAX_NAME_LENGTH } from "./limits";
import { sanitiseSvg } from "./svg-sanitiser";

/** What an upload is, decided from its bytes: how it is stored and served. */
export interface InspectedUpload {
  /** Images are shown in the thread; attachments are offered for download. */
  kind: "image" | "attachment";
  /** The stored and served type. */
  mime: string;
  /** The user's file name, cleaned, ending with an extension of the detected type. */
  name: string;
  /** What is stored: the upload itself, or for SVG its sanitised text. */
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
}

/** The accepted types: stored type and the extensions a name of that type may end with (the first is added when missing). */
const BINARY_TYPES: Record<string, { mime: string; kind: InspectedUpload["kind"]; extensions: string[] }> = {
  png: { mime: "image/png", kind: "image", extensions: ["png"] },
  jpg: { mime: "image/jpeg", kind: "image", extensions: ["jpg", "jpeg"] },
  gif: { mime: "image/gif", kind: "image", extensions: ["gif"] },
  pdf: { mime: "application/pdf", kind: "attachment", extensions: ["pdf"] },
  zip: { mime: "application/zip", kind: "attachment", extensions: ["zip"] },
};
const TEXT_EXTENSIONS = ["txt", "log"];
export const TEXT_MIME = "text/plain; charset=utf-8";
export const SVG_MIME = "image/svg+xml";

/** An XML prolog (declaration, comments, doctype) and then an <svg> element. */
const SVG_START =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

/**
 * Decides what an upload is from its bytes (the name and the browser's type
 * are never trusted), and refuses what is not accepted, with a reason in
 * Chinese: gif, jpeg, png (at most 40 megapixels, measured from the header)
 * and SVG (sanitised) as images; pdf, zip, and txt/log (UTF-8 text without NUL,
 * only under a .txt or .log name) as attachments; at most 10 MB.
 */
export async function inspectUpload(input: { name: string; bytes: Uint8Array }): Promise<InspectedUpload> {
  const { bytes } = input;
  if (bytes.byteLength === 0) fail("UPLOAD_EMPTY", "file");
  if (bytes.byteLength > UPLOAD_MAX_FILE_BYTES) fail("UPLOAD_TOO_LARGE", "file");
  const cleanName = cleanFileName(input.name);
  const detected = await fileTypeFromBuffer(bytes);
  const binary = detected ? BINARY_TYPES[detected.ext] : undefined;
  if (binary) {
    let dimensions: { width: number; height: number } | null = null;
    if (binary.kind === "image") {
      dimensions = rasterDimensions(binary.mime, bytes);
      if (!dimensions) fail("UPLOAD_IMAGE_BROKEN", "file");
      if (dimensions!.width * dimensions!.height > UPLOAD_MAX_IMAGE_PIXELS) fail("UPLOAD_IMAGE_TOO_LARGE", "file");
    }
    return {
      kind: binary.kind,
      mime: binary.mime,
      name: withExtension(cleanName, binary.extensions),
      bytes,
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
    };
  }
  // Anything else that has magic bytes (executables, HTML-free binaries, office files, …) is refused;
  // XML is the one text type file-type names, and SVG is XML.
  if (detected && detected.ext !== "xml") fail("UPLOAD_TYPE_UNSUPPORTED", "file");
  const text = utf8Text(bytes);
  if (TEXT_EXTENSIONS.includes(extensionOf(cleanName))) {
    if (text === null) fail("UPLOAD_TEXT_INVALID", "file");
    return { kind: "attachment", mime: TEXT_MIME, name: cleanName, bytes, width: null, height: null };
  }
  if (text === null || !SVG_START.test(text)) fail("UPLOAD_TYPE_UNSUPPORTED", "file");
  const safe = await sanitiseSvg(text!);
  if (safe === null) fail("UPLOAD_SVG_INVALID", "file");
  return {
    kind: "image",
    mime: SVG_MIME,
    name: withExtension(cleanName, ["svg"]),
    bytes: new TextEncoder().encode(safe!),
    width: null,
    height: null,
  };
}

/** The bytes as text when they are valid UTF-8 without NUL; null otherwise. */
function utf8Text(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes("\0") ? null : text;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

function withExtension(name: string, extensions: string[]): string {
  return extensions.includes(extensionOf(name)) ? name : `${name}.${extensions[0]}`;
}

/**
 * The last path segment of the name, without control characters, quotes,
 * slashes or bidirectional overrides, at most 120 characters (the extension
 * kept); "文件" when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  let name = base.replace(/[\u0000-\u001f\u007f"<>:|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  name = name.replace(/^\.+/, "");
  if ([...name].length > UPLOAD_MAX_NAME_LENGTH) {
    const extension = extensionOf(name);
    const keep = extension && extension.length <= 10 ? `.${extension}` : "";
    name = [...name].slice(0, UPLOAD_MAX_NAME_LENGTH - keep.length).join("") + keep;
  }
  return name || "文件";
}
