/** Files for the upload tests (issue 11 section 6): real images made here, and hostile ones. */
import { PNG } from "pngjs";
import { crc32 } from "node:zlib";

/** A real w × h PNG, red. */
export function pngImage(width = 4, height = 3): Uint8Array {
  const png = new PNG({ width, height });
  png.data.fill(0xff);
  for (let i = 0; i < png.data.length; i += 4) png.data[i + 1] = png.data[i + 2] = 0;
  return new Uint8Array(PNG.sync.write(png));
}

/**
 * A pixel flood: a valid 1 × 1 PNG whose header (with a correct CRC) declares
 * width × height; a decoder would allocate width × height × 4 bytes.
 */
export function pixelFloodPng(width = 100_000, height = 100_000): Uint8Array {
  const bytes = Buffer.from(pngImage(1, 1));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return new Uint8Array(bytes);
}

/** A minimal baseline JPEG header (SOI, APP0 JFIF, SOF0 with the size, EOI): enough for its size to be read. */
export function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

/** A GIF89a header with its logical screen size and an empty trailer. */
export function gifHeader(width: number, height: number): Uint8Array {
  return new Uint8Array([
    ...Buffer.from("GIF89a"),
    width & 0xff,
    width >> 8,
    height & 0xff,
    height >> 8,
    0,
    0,
    0,
    0x3b,
  ]);
}

/** A small PDF document. */
export function pdfDocument(): Uint8Array {
  return new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
}

/** A zip archive holding one stored (uncompressed) file "a.txt" with "hi". */
export function zipArchive(): Uint8Array {
  const name = Buffer.from("a.txt");
  const data = Buffer.from("hi");
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}

/** A PHP web shell, to be uploaded as "x.png". */
export const PHP_SHELL = new TextEncoder().encode('<?php echo shell_exec($_GET["c"]); ?>\n');

/** An SVG with a script, an onload handler, an external image, a javascript: link and a foreignObject. */
export const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <image href="http://evil.example/track.png" width="5" height="5"/>
  <image xlink:href="https://evil.example/track2.png" width="5" height="5"/>
  <a href="javascript:alert(2)"><text x="1" y="8">点我</text></a>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"></iframe></foreignObject>
  <rect id="r" width="10" height="10" fill="url(https://evil.example/p.svg#x)" style="fill:url(https://evil.example/s)" onclick="alert(3)"/>
  <circle cx="5" cy="5" r="4" fill="#0a0"/>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <rect width="4" height="4" fill="url(#g)"/>
  <use href="#r"/>
</svg>`;

/** 11 MB of zeros after a PNG signature. */
export function elevenMegabytes(): Uint8Array {
  const bytes = new Uint8Array(11 * 1024 * 1024);
  bytes.set(pngImage(1, 1));
  return bytes;
}
