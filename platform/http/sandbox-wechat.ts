import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { SCENE_PATTERN } from "../providers/wechat/event-xml";
import { SANDBOX_NEW_USER_PREFIX, SANDBOX_WECHAT_USERS } from "../providers/wechat/sandbox";
import { recordScan } from "../modules/wechat/scan";
import type { Env } from "./context";
import { readForm } from "./wire";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** A tester's own fake WeChat user, so one user can scan again later (sign in after binding). */
const CUSTOM_OPENID = new RegExp(`^${SANDBOX_NEW_USER_PREFIX}[a-z0-9-]{1,40}$`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title>
<style>body{font:16px Roboto,"Noto Sans CJK SC",sans-serif;color:#333;margin:0;padding:24px;max-width:420px}h1{font-size:20px}button{font:inherit;display:block;width:100%;padding:10px 24px;margin:0 0 12px;border-radius:4px;border:1px solid #D8D8D8;background:#fff;cursor:pointer;text-align:left}button.primary{background:#07C160;border-color:#07C160;color:#fff}.note{color:#555;font-size:14px}</style>
</head><body>${body}</body></html>`;

function scanPage(scene: string): string {
  const buttons = SANDBOX_WECHAT_USERS.map(
    (u) =>
      `<button type="submit" name="openid" value="${escape(u.openid)}">以「${escape(u.nickname ?? "未提供昵称的微信用户")}」扫码并关注</button>`,
  ).join("");
  return page(
    "微信扫码（沙箱）",
    `<h1>微信扫码（沙箱）</h1><p class="note">二维码场景 ${escape(scene)}</p>
<form method="post">${buttons}<button class="primary" type="submit" name="openid" value="new">以一个新的微信用户扫码并关注</button></form>
<form method="post"><label>或以指定的模拟 openid 扫码（以 ${SANDBOX_NEW_USER_PREFIX} 开头，用于重复扫码）<br><input name="custom" maxlength="64" style="font:inherit;width:100%;margin:8px 0"></label><button type="submit" name="openid" value="custom">以此 openid 扫码并关注</button></form>
<p class="note">沙箱不会连接微信。选择一个模拟的微信用户，本页会像公众号的事件推送一样通知平台该用户扫描了二维码。</p>`,
  );
}

/**
 * The sandbox WeChat provider's page (issue 38 §2): the QR of a sandbox scene encodes /sandbox/wechat/<scene>. A
 * tester plays the scan as one of a few fake WeChat users (or a new one); the scan goes through the same code as the
 * official account's event push (modules/wechat/scan.ts). Plain forms: it works without JavaScript.
 */
export const sandboxWechatRoutes = new Hono<Env>();

sandboxWechatRoutes.get("/:scene", (c) => {
  const scene = c.req.param("scene");
  if (!SCENE_PATTERN.test(scene)) return c.html(page("二维码无效", "<h1>二维码无效</h1>"), 404);
  return c.html(scanPage(scene));
});

sandboxWechatRoutes.post("/:scene", async (c) => {
  const scene = c.req.param("scene");
  if (!SCENE_PATTERN.test(scene)) return c.html(page("二维码无效", "<h1>二维码无效</h1>"), 404);
  const { openid: chosen, custom } = await readForm(c);
  const openid =
    chosen === "new"
      ? `${SANDBOX_NEW_USER_PREFIX}${randomBytes(6).toString("hex")}`
      : chosen === "custom"
        ? String(custom ?? "")
        : String(chosen ?? "");
  const known = SANDBOX_WECHAT_USERS.some((u) => u.openid === openid);
  if (!known && !CUSTOM_OPENID.test(openid)) return c.html(scanPage(scene), 400);
  const outcome = await recordScan(c.var.ctx, { kind: "subscribe", openid, scene });
  if (outcome === "ignored")
    return c.html(
      page(
        "二维码已失效",
        `<h1>二维码已失效</h1><p role="status">该二维码已过期或已被扫描，请在网页上刷新二维码。</p>`,
      ),
      409,
    );
  return c.html(
    page("扫码成功", `<h1>扫码成功</h1><p role="status">已扫码（${escape(openid)}），请回到网页继续。</p>`),
  );
});
