import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { UpstreamError } from "~/upstream/transport.server";
import * as wechat from "~/upstream/wechat.server";
import { formAction } from "~/utils/action.server";
import { qrSvg } from "~/utils/qr-svg.server";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { wechatQrCookie, type WechatQrCookie } from "~/utils/wechat-qr-cookie.server";

export const WECHAT_BIND_PATH = "/console/safe/wechat";
const SUB_ACCOUNT_REFUSAL = "子账号不能绑定微信";

const bindCookie = wechatQrCookie("gc_wx_bind");

export type WechatBindView =
  | { state: "waiting"; qrSvg: string; sandboxLink: string | null; expiresAt: string }
  | { state: "expired" }
  | { state: "taken" };

const sandboxLinkOf = (content: string) => (/\/sandbox\/wechat\/[0-9a-f]{32}$/.test(content) ? content : null);

async function currentScene(request: Request, token: string, headers: Headers): Promise<WechatQrCookie> {
  const kept = await bindCookie.read(request);
  if (kept) return kept;
  const qr = await wechat.getBindQr(token);
  const fresh = { ticket: qr.ticket, content: qr.qr_content, expiresAt: qr.expires_at };
  headers.append("Set-Cookie", await bindCookie.save(fresh));
  return fresh;
}

/**
 * 绑定微信 (issue 38 §2): the bind QR of the signed-in main account and its state, polled every 2 s with JavaScript
 * (the page refreshes itself without). Bound: back to /console/safe with a toast.
 */
export function wechatBindLoader(request: Request) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, SUB_ACCOUNT_REFUSAL);
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    let scene = await currentScene(request, token, headers);
    let status: wechat.WechatBindStatusWire;
    try {
      status = await wechat.getBindStatus(token, scene.ticket);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "not-found") throw error;
      // Another account's or a forgotten scene in the cookie: start over.
      headers.delete("Set-Cookie");
      scene = await currentScene(new Request(request.url), token, headers);
      status = await wechat.getBindStatus(token, scene.ticket);
    }
    if (status.state === "bound")
      throw await redirectWithToast(
        "/console/safe",
        { type: "success", message: `已绑定微信「${status.nickname}」` },
        { headers: { "Set-Cookie": await bindCookie.clear() } },
      );
    const view: WechatBindView =
      status.state === "waiting"
        ? {
            state: "waiting",
            qrSvg: await qrSvg(scene.content),
            sandboxLink: sandboxLinkOf(scene.content),
            expiresAt: status.expires_at,
          }
        : { state: status.state };
    return data({ view }, { headers });
  });
}

/** 重新获取二维码: a new scene. */
export function handleWechatBindAction(request: Request) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_REFUSAL),
    intents: (intent) => ({
      refresh: intent(z.object({}), async () =>
        redirect(WECHAT_BIND_PATH, { headers: { "Set-Cookie": await bindCookie.clear() } }),
      ),
    }),
  });
}
