import { sessionSecret } from "~/env.server";
import { siteCookie } from "./site-cookie.server";

/** A WeChat QR scene a browser polls: its ticket (the poll's secret), the QR's content and when it lapses. */
export interface WechatQrCookie {
  ticket: string;
  content: string;
  expiresAt: string;
}

/** Long enough for the QR's 5 minutes and the phone binding after a scan (the platform's own limits decide). */
const MAX_AGE_SECONDS = 15 * 60;

/**
 * The scene of the WeChat login or binding page, in a signed httpOnly cookie: the ticket never travels in a URL,
 * and the page's self-refresh (a GET, without JavaScript) still knows which scene to ask about.
 */
export function wechatQrCookie(name: string) {
  const cookie = siteCookie(name, { secrets: [sessionSecret], maxAge: MAX_AGE_SECONDS });
  return {
    async read(request: Request): Promise<WechatQrCookie | null> {
      const value: unknown = await cookie.parse(request.headers.get("Cookie"));
      if (typeof value !== "object" || value === null) return null;
      const { ticket, content, expiresAt } = value as Record<string, unknown>;
      return typeof ticket === "string" && typeof content === "string" && typeof expiresAt === "string"
        ? { ticket, content, expiresAt }
        : null;
    },
    save: (scene: WechatQrCookie) => cookie.serialize(scene),
    clear: () => cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}
