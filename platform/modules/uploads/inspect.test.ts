import { describe, expect, it } from "vitest";
import {
  elevenMegabytes,
  gifHeader,
  HOSTILE_SVG,
  jpegHeader,
  pdfDocument,
  PHP_SHELL,
  pixelFloodPng,
  pngImage,
  zipArchive,
} from "../../../tests/support/upload-fixtures";
import { DomainError } from "../errors";
import { cleanFileName, inspectUpload } from "./inspect";

const text = (s: string) => new TextEncoder().encode(s);

async function refusal(name: string, bytes: Uint8Array): Promise<string> {
  try {
    await inspectUpload({ name, bytes });
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).key;
  }
  throw new Error(`${name} was accepted`);
}

describe("upload inspection: the type comes from the bytes", () => {
  it("accepts a PNG, a JPEG and a GIF as images with their size in pixels", async () => {
    expect(await inspectUpload({ name: "屏幕截图.png", bytes: pngImage(4, 3) })).toMatchObject({
      kind: "image",
      mime: "image/png",
      name: "屏幕截图.png",
      width: 4,
      height: 3,
    });
    expect(await inspectUpload({ name: "photo.JPEG", bytes: jpegHeader(640, 480) })).toMatchObject({
      mime: "image/jpeg",
      name: "photo.JPEG",
      width: 640,
      height: 480,
    });
    expect(await inspectUpload({ name: "a.gif", bytes: gifHeader(20, 10) })).toMatchObject({
      mime: "image/gif",
      width: 20,
      height: 10,
    });
  });

  it("accepts pdf and zip as attachments, and UTF-8 text only under a .txt or .log name", async () => {
    expect(await inspectUpload({ name: "账单.pdf", bytes: pdfDocument() })).toMatchObject({
      kind: "attachment",
      mime: "application/pdf",
    });
    expect(await inspectUpload({ name: "logs.zip", bytes: zipArchive() })).toMatchObject({ mime: "application/zip" });
    expect(await inspectUpload({ name: "nvidia-smi.log", bytes: text("GPU 0: 显存 80GB\n") })).toMatchObject({
      kind: "attachment",
      mime: "text/plain; charset=utf-8",
      name: "nvidia-smi.log",
    });
    expect(await refusal("notes", text("plain words"))).toBe("UPLOAD_TYPE_UNSUPPORTED");
    expect(await refusal("page.html", text("<html><script>alert(1)</script></html>"))).toBe("UPLOAD_TYPE_UNSUPPORTED");
    expect(await refusal("bin.txt", new Uint8Array([0x68, 0x69, 0, 0x21]))).toBe("UPLOAD_TEXT_INVALID");
    expect(await refusal("latin1.log", new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe("UPLOAD_TEXT_INVALID");
  });

  it("refuses a PHP file named x.png", async () => {
    expect(await refusal("x.png", PHP_SHELL)).toBe("UPLOAD_TYPE_UNSUPPORTED");
  });

  it("stores a PNG named like a page as image/png, with a .png name", async () => {
    const inspected = await inspectUpload({ name: "index.html", bytes: pngImage() });
    expect(inspected).toMatchObject({ mime: "image/png", name: "index.html.png" });
  });

  it("refuses other binary types whatever their name says", async () => {
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]);
    expect(await refusal("tool.zip", elf)).toBe("UPLOAD_TYPE_UNSUPPORTED");
    const webp = new Uint8Array([...text("RIFF"), 30, 0, 0, 0, ...text("WEBPVP8 "), ...new Array(20).fill(0)]);
    expect(await refusal("a.png", webp)).toBe("UPLOAD_TYPE_UNSUPPORTED");
  });

  it("refuses an empty file and one over 10 MB", async () => {
    expect(await refusal("a.png", new Uint8Array())).toBe("UPLOAD_EMPTY");
    expect(await refusal("big.png", elevenMegabytes())).toBe("UPLOAD_TOO_LARGE");
    const exactly10 = new Uint8Array(10 * 1024 * 1024);
    exactly10.set(pdfDocument());
    expect((await inspectUpload({ name: "ten.pdf", bytes: exactly10 })).mime).toBe("application/pdf");
  });

  it("refuses a pixel-flood PNG from its header, and a broken image header", async () => {
    expect(await refusal("flood.png", pixelFloodPng())).toBe("UPLOAD_IMAGE_TOO_LARGE");
    expect(await refusal("wide.jpg", jpegHeader(65_000, 65_000))).toBe("UPLOAD_IMAGE_TOO_LARGE");
    // 40 megapixels exactly is allowed; one row more is not.
    expect((await inspectUpload({ name: "big.png", bytes: pixelFloodPng(8000, 5000) })).width).toBe(8000);
    expect(await refusal("big.png", pixelFloodPng(8000, 5001))).toBe("UPLOAD_IMAGE_TOO_LARGE");
    const noFrame = jpegHeader(1, 1).slice(0, 20);
    expect(await refusal("cut.jpg", noFrame)).toBe("UPLOAD_IMAGE_BROKEN");
  });

  it("neutralises an SVG with a script, event handlers and external references", async () => {
    const inspected = await inspectUpload({ name: "diagram.svg", bytes: text(HOSTILE_SVG) });
    expect(inspected).toMatchObject({ kind: "image", mime: "image/svg+xml", name: "diagram.svg" });
    const svg = new TextDecoder().decode(inspected.bytes);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const gone of [
      /<script/i,
      /onload/i,
      /onclick/i,
      /evil\.example/,
      /javascript:/i,
      /foreignObject/i,
      /iframe/i,
    ])
      expect(svg).not.toMatch(gone);
    expect(svg).toContain('<circle cx="5" cy="5" r="4" fill="#0a0"/>');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).not.toContain("<use"); // DOMPurify drops <use> altogether
    expect(svg).toContain("点我");
  });

  it("refuses what only claims to be an SVG", async () => {
    expect(await refusal("a.svg", text("<html><svg></svg></html>"))).toBe("UPLOAD_TYPE_UNSUPPORTED");
    expect(await refusal("a.svg", text("<svg><script>alert(1)</script></svg><svg></svg>"))).toBe("UPLOAD_SVG_INVALID");
  });

  it("keeps a clean file name", () => {
    expect(cleanFileName("C:\\Users\\me\\截图 1.png")).toBe("截图 1.png");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName('a"\u202e<b>.png')).toBe("ab.png");
    expect(cleanFileName("...")).toBe("文件");
    expect(cleanFileName(`${"长".repeat(300)}.png`)).toHaveLength(120);
  });
});
