import QRCode from "qrcode";
import { env } from "~/env.server";

/** Where the contact QR codes lead: the operator's WeChat accounts (configured in the environment). */
const TARGETS: Record<string, string> = {
  service: env.CONTACT_SERVICE_URL,
  official: env.CONTACT_OFFICIAL_URL,
  subscription: env.CONTACT_SUBSCRIPTION_URL,
};

const cache = new Map<string, Promise<string>>();

export function contactQrSvg(key: string): Promise<string> | null {
  const target = TARGETS[key];
  if (!target) return null;
  let svg = cache.get(key);
  if (!svg) {
    svg = QRCode.toString(target, { type: "svg", margin: 1, color: { dark: "#1A191F", light: "#FFFFFF" } });
    cache.set(key, svg);
  }
  return svg;
}
