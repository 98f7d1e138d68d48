/**
 * A local fake of the WeChat official account API (issue 38 §2): cgi-bin/stable_token (checks appid and secret,
 * issues tokens that expire when the test says), cgi-bin/qrcode/create (QR_STR_SCENE with expire_seconds and
 * scene_str) and cgi-bin/user/info (by openid). A call with an unknown or revoked token gets errcode 40001, as WeChat
 * answers. Every request is logged with its URL and body, so a test can check that no secret left in a URL.
 */
import { randomBytes } from "node:crypto";
import { startFakeProviderServer } from "./fake-provider-server";

export interface FakeWechatRequest {
  method: string;
  path: string;
  url: string;
  body: string;
}

export interface FakeWechatOfficial {
  url: string;
  requests: FakeWechatRequest[];
  /** QRs created: scene_str and expire_seconds. */
  qrs: { scene: string; expireSeconds: number; actionName: string }[];
  users: Map<string, { nickname?: string; unionid?: string }>;
  /** Makes every token issued so far invalid (WeChat answers 40001 for them). */
  revokeTokens(): void;
  close(): Promise<void>;
}

export async function startFakeWechatOfficial(app: { appId: string; secret: string }): Promise<FakeWechatOfficial> {
  const requests: FakeWechatRequest[] = [];
  const qrs: FakeWechatOfficial["qrs"] = [];
  const users = new Map<string, { nickname?: string; unionid?: string }>();
  const tokens = new Set<string>();
  const server = await startFakeProviderServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({ method: req.method ?? "", path: url.pathname, url: req.url ?? "/", body });
    const reply = (json: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    };
    if (url.pathname === "/cgi-bin/stable_token" && req.method === "POST") {
      const asked = JSON.parse(body || "{}") as { grant_type?: string; appid?: string; secret?: string };
      if (asked.grant_type !== "client_credential" || asked.appid !== app.appId || asked.secret !== app.secret)
        return reply({ errcode: 40125, errmsg: "invalid appsecret" });
      const token = randomBytes(16).toString("hex");
      tokens.add(token);
      return reply({ access_token: token, expires_in: 7200 });
    }
    const token = url.searchParams.get("access_token") ?? "";
    if (!tokens.has(token)) return reply({ errcode: 40001, errmsg: "invalid credential, access_token is invalid" });
    if (url.pathname === "/cgi-bin/qrcode/create" && req.method === "POST") {
      const asked = JSON.parse(body) as {
        expire_seconds: number;
        action_name: string;
        action_info: { scene: { scene_str: string } };
      };
      qrs.push({
        scene: asked.action_info.scene.scene_str,
        expireSeconds: asked.expire_seconds,
        actionName: asked.action_name,
      });
      const ticket = randomBytes(12).toString("base64url");
      return reply({ ticket, expire_seconds: asked.expire_seconds, url: `http://weixin.qq.com/q/${ticket}` });
    }
    if (url.pathname === "/cgi-bin/user/info" && req.method === "GET") {
      const openid = url.searchParams.get("openid") ?? "";
      const known = users.get(openid);
      if (!known) return reply({ errcode: 40003, errmsg: "invalid openid" });
      return reply({ subscribe: 1, openid, ...known });
    }
    res.writeHead(404);
    res.end();
  });
  return {
    url: server.url,
    requests,
    qrs,
    users,
    revokeTokens: () => tokens.clear(),
    close: server.close,
  };
}
