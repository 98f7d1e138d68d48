import { Hono } from "hono";
import { z } from "zod";
import type { WechatCalls, WechatQrWire } from "../../contract/wechat";
import { bindStatus, createBindScene, listBindings, sendUnbindCode, unbindWechat } from "../../modules/wechat/bindings";
import { bindPhoneAndSignIn, createLoginScene, loginStatus } from "../../modules/wechat/login";
import type { NewScene } from "../../modules/wechat/scenes";
import { callerFromForm, visitor, type Env } from "../context";
import * as f from "../fields";
import { toLoginReply } from "../shapes/two-step";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";
import { captchaAnswer } from "./security";

/** WeChat login and binding (issue 38 §2; platform/contract/wechat.ts). */
export const wechatApi = new Hono<Env>();
const on = contractRoutes<WechatCalls>(wechatApi);

/** The login page polls every 2 s (issue 38 §2). */
const POLL_SECONDS = 2;

const toQr = (scene: NewScene): WechatQrWire => ({
  qr_content: scene.qrContent,
  ticket: scene.ticket,
  expires_at: scene.expiresAt.toISOString(),
  poll_seconds: POLL_SECONDS,
});

const TicketFields = z.object({ ticket: f.text("二维码凭据", 64) });
const BindPhoneFields = z.object({
  ticket: f.text("二维码凭据", 64),
  phone: f.phone("手机号"),
  code: f.text("验证码", 16),
});
const UnbindFields = z.object({ binding_id: f.id("绑定"), code: f.text("验证码", 16) });

on.post("/auth/wechat/get_login_qrcode", async (c) => toQr(await createLoginScene(c.var.ctx, visitor(c))));

on.post("/auth/wechat/get_login_status", async (c) => {
  const { ticket } = parseFields(TicketFields, await readForm(c));
  const status = await loginStatus(c.var.ctx, visitor(c), ticket);
  switch (status.state) {
    case "waiting":
      return { state: "waiting", expires_at: status.expiresAt.toISOString() };
    case "expired":
      return { state: "expired" };
    case "bind_phone":
      return { state: "bind_phone", nickname: status.nickname ?? "微信用户" };
    case "signed_in":
      return { state: "signed_in", ...toLoginReply(status.session) };
  }
});

on.post("/auth/wechat/bind_phone", async (c) => {
  const form = await readForm(c);
  const input = parseFields(BindPhoneFields, form);
  const session = await bindPhoneAndSignIn(c.var.ctx, visitor(c), {
    ticket: input.ticket,
    phone: input.phone,
    code: input.code.trim(),
    captcha: captchaAnswer(form),
  });
  return toLoginReply(session);
});

on.post("/auth/wechat/get_bind_qrcode", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toQr(await createBindScene(c.var.ctx, caller));
});

on.post("/auth/wechat/get_bind_status", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const { ticket } = parseFields(TicketFields, form);
  const status = await bindStatus(c.var.ctx, caller, ticket);
  return status.state === "waiting" ? { state: "waiting", expires_at: status.expiresAt.toISOString() } : status;
});

on.post("/auth/get_bind_account_list", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  const list = await listBindings(c.var.ctx, caller);
  return { list: list.map((b) => ({ id: b.id, nickname: b.nickname, bound_at: b.boundAt.toISOString() })) };
});

on.post("/auth/wechat/send_unbind_code", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const sent = await sendUnbindCode(c.var.ctx, caller, captchaAnswer(form));
  return { resend_after_seconds: Math.ceil(sent.resendAfterMs / 1000) };
});

on.post("/auth/wechat/unbind_account", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(UnbindFields, form);
  await unbindWechat(c.var.ctx, caller, { bindingId: input.binding_id, code: input.code.trim() });
  return { unbound: true as const };
});
