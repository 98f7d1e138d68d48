import type { WechatOfficialConfig } from "../../config";
import { parseScanEventXml } from "./event-xml";
import { isWechatEventSignatureValid } from "./signature";
import {
  WechatApiError,
  type WechatEventSignature,
  type WechatProvider,
  type WechatScanEvent,
  type WechatUserInfo,
} from "./types";

/** errcodes that mean the access_token is no longer good: fetch a new one and try once more. */
const TOKEN_INVALID = new Set([40001, 40014, 42001]);
/** A token is renewed this long before WeChat says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;

type Reply = Record<string, unknown> & { errcode?: number; errmsg?: string };

/**
 * The official account's API (issue 38 §2, decision 106): an access_token from cgi-bin/stable_token (the secret goes
 * in the body, never in a URL or a log), kept until shortly before it expires; parametric QR codes from
 * cgi-bin/qrcode/create (QR_STR_SCENE); user info from cgi-bin/user/info; the event push checked against the
 * event token. A test points `apiBase` at a local fake.
 */
export class OfficialWechatProvider implements WechatProvider {
  readonly kind = "official" as const;
  private token: { value: string; until: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly config: WechatOfficialConfig,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  async createSceneQr(scene: string, expireSeconds: number): Promise<{ qrContent: string }> {
    const reply = await this.withToken((token) =>
      this.call(
        "cgi-bin/qrcode/create",
        { access_token: token },
        {
          expire_seconds: expireSeconds,
          action_name: "QR_STR_SCENE",
          action_info: { scene: { scene_str: scene } },
        },
      ),
    );
    if (typeof reply.url !== "string" || !reply.url) throw this.refused("qrcode/create", "NO_URL");
    return { qrContent: reply.url };
  }

  verifyEventSignature(query: WechatEventSignature): boolean {
    return isWechatEventSignatureValid(this.config.eventToken, query);
  }

  parseScanEvent(xml: string): WechatScanEvent | null {
    return parseScanEventXml(xml);
  }

  async userInfo(openid: string): Promise<WechatUserInfo> {
    const reply = await this.withToken((token) =>
      this.call("cgi-bin/user/info", { access_token: token, openid, lang: "zh_CN" }),
    );
    const nickname = typeof reply.nickname === "string" && reply.nickname.trim() ? reply.nickname.trim() : null;
    const unionid = typeof reply.unionid === "string" && reply.unionid ? reply.unionid : null;
    return { openid, nickname, unionid };
  }

  /** Runs `fn` with a good token; when WeChat says the token is not good, once more with a new one. */
  private async withToken(fn: (token: string) => Promise<Reply>): Promise<Reply> {
    const reply = await fn(await this.accessToken());
    if (reply.errcode !== undefined && TOKEN_INVALID.has(reply.errcode)) {
      this.token = null;
      return this.checked(await fn(await this.accessToken()));
    }
    return this.checked(reply);
  }

  private checked(reply: Reply): Reply {
    if (reply.errcode !== undefined && reply.errcode !== 0) throw this.refused("api", String(reply.errcode));
    return reply;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now().getTime()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const reply = await this.call(
      "cgi-bin/stable_token",
      {},
      {
        grant_type: "client_credential",
        appid: this.config.appId,
        secret: this.config.appSecret,
      },
    );
    const value = reply.access_token;
    const seconds = Number(reply.expires_in);
    if (typeof value !== "string" || !value || !Number.isFinite(seconds))
      throw this.refused("stable_token", String(reply.errcode ?? "NO_TOKEN"));
    this.token = { value, until: this.now().getTime() + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS) };
    return value;
  }

  /** One call: GET with a query, or POST of a JSON body. Unreachable or not JSON: WechatApiError. */
  private async call(path: string, query: Record<string, string>, body?: unknown): Promise<Reply> {
    const url = new URL(path, this.config.apiBase);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw this.refused(path, "UNREACHABLE");
    }
    const text = await response.text();
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null) return parsed as Reply;
    } catch {
      // falls through
    }
    throw this.refused(path, `HTTP_${response.status}`);
  }

  /** Logs the refusal (the call's path and WeChat's code only: never a token, the secret nor a query) and builds it. */
  private refused(what: string, errcode: string): WechatApiError {
    this.log(`[wechat:official] ${what} failed errcode=${errcode}`);
    return new WechatApiError(errcode, `WeChat official account API refused ${what}: ${errcode}`);
  }
}
