/**
 * An image's size in pixels, read from its header only (never decoded), so a
 * "pixel flood" (a small PNG declaring 100 000 × 100 000) is measured by what
 * it declares. Null when the header is missing or broken.
 */
export interface Dimensions {
  width: number;
  height: number;
}

export function rasterDimensions(mime: string, bytes: Uint8Array): Dimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (mime === "image/png") return pngDimensions(bytes, view);
  if (mime === "image/gif") return gifDimensions(view);
  if (mime === "image/jpeg") return jpegDimensions(bytes, view);
  return null;
}

const positive = (width: number, height: number): Dimensions | null =>
  width > 0 && height > 0 ? { width, height } : null;

/** PNG: the signature, then the IHDR chunk first: width and height as 32-bit big-endian. */
function pngDimensions(bytes: Uint8Array, view: DataView): Dimensions | null {
  if (bytes.length < 24) return null;
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  if (ihdr !== "IHDR") return null;
  return positive(view.getUint32(16), view.getUint32(20));
}

/** GIF: the logical screen descriptor right after "GIF87a"/"GIF89a", 16-bit little-endian. */
function gifDimensions(view: DataView): Dimensions | null {
  if (view.byteLength < 10) return null;
  return positive(view.getUint16(6, true), view.getUint16(8, true));
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic), not DHT (C4), JPG (C8) or DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: walks the marker segments to the first start-of-frame, whose height and width are 16-bit big-endian. */
function jpegDimensions(bytes: Uint8Array, view: DataView): Dimensions | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    if (SOF.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return positive(view.getUint16(offset + 7), view.getUint16(offset + 5));
    }
    offset += 2 + length;
  }
  return null;
}
