import QRCode from "qrcode";

/**
 * A QR code as inline SVG, rendered on the server (issue 10 §2: the payment QR; issue 37: the face check's link),
 * so it shows without JavaScript and costs no client code. The markup is the library's own (rects and a path); the
 * content is only encoded, never inserted.
 */
export function qrSvg(content: string): Promise<string> {
  return QRCode.toString(content, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
    color: { dark: "#1A191F", light: "#FFFFFF" },
  });
}
