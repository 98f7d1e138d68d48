/** The event push's signature query: signature = sha1 of the sorted token, timestamp and nonce. */
export interface WechatEventSignature {
  signature: string;
  timestamp: string;
  nonce: string;
}

/** A scan of a parametric QR: "subscribe" (followed the account by scanning) or "SCAN" (already a follower). */
export interface WechatScanEvent {
  kind: "subscribe" | "SCAN";
  /** FromUserName: the WeChat user's openid under this official account. */
  openid: string;
  /** The QR's scene_str (EventKey without "qrscene_"). */
  scene: string;
}

/** What cgi-bin/user/info says of a WeChat user: a nickname only where WeChat still gives one, the unionid if bound. */
export interface WechatUserInfo {
  openid: string;
  nickname: string | null;
  unionid: string | null;
}

/** The official account could not be reached, or refused a call (errcode). Never carries a secret. */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: string,
    message: string,
  ) {
    super(message);
    this.name = "WechatApiError";
  }
}

/**
 * WeChat login through an official account's parametric QR codes (issue 38 §2): the sandbox (a page of this site
 * plays the scan) or the official-account API (WECHAT_PROVIDER).
 */
export interface WechatProvider {
  readonly kind: "sandbox" | "official";
  /** A QR for `scene`, valid `expireSeconds`: the text to encode in the picture. */
  createSceneQr(scene: string, expireSeconds: number): Promise<{ qrContent: string }>;
  /** True when the push's signature was made with our event token. */
  verifyEventSignature(query: WechatEventSignature): boolean;
  /** The scan in a pushed XML message, or null when it is not a QR scan (a text message, unsubscribe…). */
  parseScanEvent(xml: string): WechatScanEvent | null;
  /** User info by openid. */
  userInfo(openid: string): Promise<WechatUserInfo>;
}
