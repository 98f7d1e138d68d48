/**
 * A User-Agent in a few words for the signed-in devices and sign-in history (issue 38 §1): the browser and the
 * system, e.g. "Chrome 120 · Windows", "微信 · iPhone", "Safari 17 · macOS". Display only: a User-Agent is whatever
 * the client sent, never a proof of anything. Tested table-driven in user-agent.test.ts.
 */

/** Checked in order: the first match names the browser (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d.]+)/, "微信"],
  [/DingTalk\/([\d.]+)/, "钉钉"],
  [/Edg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/HeadlessChrome\/(\d+)/, "Chrome"],
  [/(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
  [/curl\/([\d.]+)/, "curl"],
  [/python-requests\/([\d.]+)/, "Python requests"],
  [/node-fetch|undici/, "Node.js"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/HarmonyOS|OpenHarmony/, "HarmonyOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** Browsers shown with their major version; apps (微信, 钉钉) and tools without it. */
const WITH_VERSION = new Set(["Edge", "Opera", "Chrome", "Firefox", "Safari"]);

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? "").trim();
  if (ua === "") return "未知设备";
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = WITH_VERSION.has(name) && match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const parts = [browser, system].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(" · ") : "其他设备";
}
