import type { WechatScanEvent } from "./types";

/** One field of WeChat's flat XML message: <Name><![CDATA[value]]></Name> or <Name>value</Name>. */
function field(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`).exec(xml);
  if (!match) return null;
  return (match[1] ?? match[2] ?? "").trim();
}

/** A scene_str as we make them (decision 106): 32 hex digits. Anything else is not ours. */
export const SCENE_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The QR scan in an event push: MsgType event, Event subscribe with EventKey "qrscene_<scene>" (a new follower) or
 * SCAN with EventKey "<scene>" (a follower already); FromUserName is the openid. Anything else: null.
 */
export function parseScanEventXml(xml: string): WechatScanEvent | null {
  if (field(xml, "MsgType") !== "event") return null;
  const event = field(xml, "Event");
  const openid = field(xml, "FromUserName");
  const key = field(xml, "EventKey") ?? "";
  if (!openid || !/^[A-Za-z0-9_-]{1,64}$/.test(openid)) return null;
  let scene: string;
  if (event === "subscribe" && key.startsWith("qrscene_")) scene = key.slice("qrscene_".length);
  else if (event === "SCAN") scene = key;
  else return null;
  if (!SCENE_PATTERN.test(scene)) return null;
  return { kind: event, openid, scene };
}
