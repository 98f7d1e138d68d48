import { parseScanEventXml } from "./event-xml";
import type { WechatProvider, WechatScanEvent, WechatUserInfo } from "./types";

/** The few fake WeChat users the sandbox page offers (issue 38 §2). */
export const SANDBOX_WECHAT_USERS: readonly WechatUserInfo[] = [
  { openid: "sandbox-openid-aqing", nickname: "阿青", unionid: "sandbox-unionid-aqing" },
  { openid: "sandbox-openid-xiaoming", nickname: "小明", unionid: "sandbox-unionid-xiaoming" },
  { openid: "sandbox-openid-laowang", nickname: null, unionid: null },
];

/** A fresh WeChat user the sandbox page makes up on demand ("新微信用户"): its openid carries its own name. */
export const SANDBOX_NEW_USER_PREFIX = "sandbox-openid-new-";

/**
 * The sandbox: the QR encodes this site's page /sandbox/wechat/<scene>, where a tester plays the scan as one of the
 * fake users (platform/http/sandbox-wechat.ts). No push ever comes from outside: every signed push is refused.
 */
export class SandboxWechatProvider implements WechatProvider {
  readonly kind = "sandbox" as const;

  constructor(private readonly publicUrl: string) {}

  createSceneQr(scene: string): Promise<{ qrContent: string }> {
    return Promise.resolve({ qrContent: `${this.publicUrl}/sandbox/wechat/${scene}` });
  }

  verifyEventSignature(): boolean {
    return false;
  }

  parseScanEvent(xml: string): WechatScanEvent | null {
    return parseScanEventXml(xml);
  }

  userInfo(openid: string): Promise<WechatUserInfo> {
    const known = SANDBOX_WECHAT_USERS.find((u) => u.openid === openid);
    if (known) return Promise.resolve(known);
    return Promise.resolve({ openid, nickname: `微信用户${openid.slice(-4)}`, unionid: null });
  }
}
