/**
 * The sandbox's sample invoice (issue 39 §1, docs/decisions/113): a one-page PDF marked 样例, written by hand with
 * PDF's standard Chinese font STSong-Light in the UniGB-UCS2-H encoding (Adobe-GB1). Readers bring that font with
 * their Asian font pack, so the file embeds no font and stays around 2 KB; no font is downloaded or shipped. Text
 * is written as UTF-16BE hex strings, which is what UCS2-H expects for characters of the Basic Multilingual Plane.
 */

export interface SampleInvoiceLines {
  /** 普通发票 or 专用发票, and whether it is the red-letter (红字) one. */
  heading: string;
  lines: string[];
}

/** UTF-16BE hex of a string (BMP only: anything beyond is replaced by a full-width question mark). */
function ucs2Hex(text: string): string {
  let hex = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    hex += (code > 0xffff ? 0xff1f : code).toString(16).padStart(4, "0").toUpperCase();
  }
  return hex;
}

const textAt = (x: number, y: number, size: number, text: string) =>
  `BT /F1 ${size} Tf ${x} ${y} Td <${ucs2Hex(text)}> Tj ET`;

/** The page's drawing: a large pale 样例 across it, the heading, and the lines. */
function contentStream(input: SampleInvoiceLines, red: boolean): string {
  const colour = red ? "0.85 0.1 0.1 rg" : "0 0 0 rg";
  const ops = [
    "q 0.9 0.9 0.9 rg",
    "BT /F1 160 Tf 0.866 0.5 -0.5 0.866 200 80 Tm <" + ucs2Hex("样例") + "> Tj ET",
    "Q",
    colour,
    textAt(60, 360, 22, input.heading),
    textAt(60, 330, 12, "样例（沙箱环境生成，不具备税务效力）"),
    ...input.lines.map((line, i) => textAt(60, 296 - i * 22, 12, line)),
  ];
  return ops.join("\n");
}

/** Builds the PDF bytes: five objects, a cross-reference table with exact offsets, and a trailer. */
export function sampleInvoicePdf(input: SampleInvoiceLines, options: { red?: boolean } = {}): Uint8Array {
  const content = contentStream(input, options.red ?? false);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>",
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light " +
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 /W [1 95 500] >>",
    "<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 " +
      "/Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>",
  ];
  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

/** The hex the PDF holds for 样例, for tests that check the mark is there. */
export const SAMPLE_MARK_HEX = ucs2Hex("样例");
