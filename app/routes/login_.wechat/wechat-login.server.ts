import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import * as field from "../../../platform/rules/fields";
import * as accounts from "~/upstream/accounts.server";
import { honeypot } from "../login/actions.server";
import { captchaFieldsOf } from "~/upstream/security.server";
import { UpstreamError } from "~/upstream/transport.server";
import * as wechat from "~/upstream/wechat.server";
import { anyone, formAction } from "~/utils/action.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { requestedRedirect } from "~/utils/safe-redirect";
import { commitSessionToken, getRequestUser } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { maskPhone } from "~/utils/user-figures";
import { qrSvg } from "~/utils/qr-svg.server";
import { wechatQrCookie, type WechatQrCookie } from "~/utils/wechat-qr-cookie.server";

export const WECHAT_LOGIN_PATH = "/login/wechat";

const loginCookie = wechatQrCookie("gc_wx_login");

const guardedOf = (request: Request, form?: FormData) => ({
  clientAddress: requestClientAddress(request),
  clientUserAgent: request.headers.get("user-agent"),
  captcha: form ? captchaFieldsOf(form) : undefined,
});

/** A link the tester opens when the QR encodes this site's sandbox scan page (outside production only). */
const sandboxLinkOf = (content: string) => (/\/sandbox\/wechat\/[0-9a-f]{32}$/.test(content) ? content : null);

const SECOND_STEP_NOTICE = "该账号已开启两步验证，请输入验证器应用中的 6 位验证码或一个恢复码";

export type WechatLoginView =
  | { state: "waiting"; qrSvg: string; sandboxLink: string | null; expiresAt: string; redirectTo: string }
  | { state: "expired"; redirectTo: string }
  | { state: "bind_phone"; nickname: string; redirectTo: string }
  | { state: "second_step"; ticket: string; notice: string; redirectTo: string };

async function signedIn(token: string, redirectTo: string, message: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionToken(token));
  headers.append("Set-Cookie", await loginCookie.clear());
  headers.append("Set-Cookie", await toastHeader({ type: "success", message }));
  return redirect(redirectTo, { headers });
}

/** The scene this browser polls: its cookie's, or a new QR (kept in the cookie: the ticket never enters a URL). */
async function currentScene(request: Request, headers: Headers): Promise<WechatQrCookie> {
  const kept = await loginCookie.read(request);
  if (kept) return kept;
  const qr = await wechat.getLoginQr(guardedOf(request));
  const fresh = { ticket: qr.ticket, content: qr.qr_content, expiresAt: qr.expires_at };
  headers.append("Set-Cookie", await loginCookie.save(fresh));
  return fresh;
}

/**
 * 微信登录 (issue 38 §2): the QR and the scene's state; the page polls this loader every 2 s with JavaScript, and
 * refreshes itself without. A scan by a bound WeChat user signs its account in (once); a new one binds a phone.
 */
export function wechatLoginLoader(request: Request) {
  return loadPage(request, () => loadWechatLogin(request));
}

async function loadWechatLogin(request: Request) {
  const redirectTo = requestedRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getRequestUser(request)) throw redirect(redirectTo);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  let scene = await currentScene(request, headers);
  let status: wechat.WechatLoginStatusWire;
  try {
    status = await wechat.getLoginStatus(scene.ticket, guardedOf(request));
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== "not-found") throw error;
    // A cookie whose scene the platform no longer knows: start over with a new QR.
    headers.delete("Set-Cookie");
    scene = await currentScene(new Request(request.url), headers);
    status = await wechat.getLoginStatus(scene.ticket, guardedOf(request));
  }
  if (status.state === "signed_in") {
    if (!status.need_second_step) throw await signedIn(status.token, redirectTo, "登录成功");
    // Two-step login on (decision 103): the second step's form, its ticket in a hidden field; the scene is used.
    headers.append("Set-Cookie", await loginCookie.clear());
    const view: WechatLoginView = {
      state: "second_step",
      ticket: status.ticket,
      notice: SECOND_STEP_NOTICE,
      redirectTo,
    };
    return data({ view, honeypot: honeypot.getInputProps() }, { headers });
  }
  const view: WechatLoginView =
    status.state === "waiting"
      ? {
          state: "waiting",
          qrSvg: await qrSvg(scene.content),
          sandboxLink: sandboxLinkOf(scene.content),
          expiresAt: status.expires_at,
          redirectTo,
        }
      : status.state === "bind_phone"
        ? { state: "bind_phone", nickname: status.nickname, redirectTo }
        : { state: "expired", redirectTo };
  return data({ view, honeypot: honeypot.getInputProps() }, { headers });
}

const BindPhoneSchema = z.object({ phone: field.phone(), code: field.smsCode });
const SendCodeSchema = z.object({ phone: field.phone() });

/** 刷新二维码 (a new scene), and the new WeChat user's phone binding: 获取验证码, 绑定并登录. */
export function handleWechatLoginAction(request: Request) {
  return formAction(request, {
    guard: anyone,
    intents: (intent) => ({
      refresh: intent(z.object({}), async (_input, { form }) => {
        const target = requestedRedirect(form.get("redirectTo"));
        const params = target === "/console/dashboard" ? "" : `?redirectTo=${encodeURIComponent(target)}`;
        return redirect(`${WECHAT_LOGIN_PATH}${params}`, { headers: { "Set-Cookie": await loginCookie.clear() } });
      }),
      "send-code": intent(SendCodeSchema, async ({ phone }, { form }) => {
        await accounts.sendVerifyCode(phone, "login", guardedOf(request, form));
        return { notice: `验证码已发送至 ${maskPhone(phone)}，10分钟内有效` };
      }),
      bind: intent(BindPhoneSchema, async ({ phone, code }, { form }) => {
        const scene = await loginCookie.read(request);
        if (!scene) return { notice: "二维码已失效，请刷新二维码后重新扫码" };
        const reply = await wechat.bindPhone(scene.ticket, phone, code, guardedOf(request, form));
        if (reply.need_second_step) return { notice: SECOND_STEP_NOTICE, values: { ticket: reply.ticket } };
        return signedIn(reply.token, requestedRedirect(form.get("redirectTo")), "微信绑定成功，已登录");
      }),
    }),
  });
}
