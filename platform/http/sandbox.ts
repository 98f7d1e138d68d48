import { Hono } from "hono";
import { openSandboxSession } from "../modules/accounts/sandbox-session";
import { fail } from "../modules/errors";
import { sandboxCaptchaCode } from "../modules/security/captcha";
import { readEmailOutbox } from "../providers/email/outbox";
import { readOutbox } from "../providers/sms/outbox";
import { EMAIL_PATTERN, PHONE_PATTERN } from "../rules/validation";
import type { Env } from "./context";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** Pages of the sandbox providers, mounted only outside production (config.sandbox, decision 026). */
export const sandboxRoutes = new Hono<Env>();

sandboxRoutes.get("/sms.json", async (c) => {
  const phone = c.req.query("phone");
  if (phone !== undefined && !PHONE_PATTERN.test(phone)) return c.json({ error: "手机号格式不正确" }, 400);
  return c.json(await readOutbox(c.var.ctx.db, phone));
});

sandboxRoutes.get("/sms", async (c) => {
  const rows = await readOutbox(c.var.ctx.db, undefined, 100);
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escape(r.sentAt)}</td><td>${escape(r.phone)}</td><td>${escape(r.purpose)}</td><td><b>${escape(r.code)}</b></td></tr>`,
    )
    .join("");
  return c.html(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>沙箱短信</title>
<style>body{font:14px Roboto,"Noto Sans CJK SC",sans-serif;color:#333;margin:24px}table{border-collapse:collapse}td,th{border:1px solid #D8D8D8;padding:6px 12px;text-align:left}</style>
</head><body><h1>沙箱短信发件箱</h1><p>沙箱环境不会真正发送短信，验证码显示在这里（最新在前）。</p>
<table><thead><tr><th>发送时间</th><th>手机号</th><th>用途</th><th>验证码</th></tr></thead><tbody>${body || '<tr><td colspan="4">暂无短信</td></tr>'}</tbody></table></body></html>`);
});

sandboxRoutes.get("/email.json", async (c) => {
  const to = c.req.query("to")?.trim().toLowerCase();
  if (to !== undefined && !EMAIL_PATTERN.test(to)) return c.json({ error: "邮箱格式不正确" }, 400);
  return c.json(await readEmailOutbox(c.var.ctx.db, to));
});

sandboxRoutes.get("/email", async (c) => {
  const rows = await readEmailOutbox(c.var.ctx.db, undefined, 100);
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escape(r.sentAt)}</td><td>${escape(r.to)}</td><td>${escape(r.subject)}</td><td><pre>${escape(r.body)}</pre>${r.attachments
          .map((a) => `<p>附件：${escape(a.filename)}（${a.bytes} 字节，SHA-256 ${escape(a.sha256)}）</p>`)
          .join("")}</td></tr>`,
    )
    .join("");
  return c.html(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>沙箱邮件</title>
<style>body{font:14px Roboto,"Noto Sans CJK SC",sans-serif;color:#333;margin:24px}table{border-collapse:collapse}td,th{border:1px solid #D8D8D8;padding:6px 12px;text-align:left;vertical-align:top}pre{margin:0;white-space:pre-wrap;font:inherit}</style>
</head><body><h1>沙箱邮件发件箱</h1><p>沙箱环境不会真正发送邮件，邮件显示在这里（最新在前）。</p>
<table><thead><tr><th>发送时间</th><th>收件人</th><th>主题</th><th>正文</th></tr></thead><tbody>${body || '<tr><td colspan="4">暂无邮件</td></tr>'}</tbody></table></body></html>`);
});

/**
 * A real platform session for the end-to-end login fixture: body
 * `{ phone, password, subAccountName? }` (the account is registered when the
 * phone is new); answers `{ phone, token }`. See docs/decisions/024-e2e-login-fixture.md.
 */
sandboxRoutes.post("/session", async (c) => {
  const body: unknown = await c.req.json().catch(() => null);
  const input = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const { phone, password, subAccountName } = input;
  if (typeof phone !== "string") return fail("PHONE_INVALID", "phone");
  if (subAccountName !== undefined && typeof subAccountName !== "string") return fail("BAD_REQUEST", "subAccountName");
  const session = await openSandboxSession(c.var.ctx, {
    phone,
    password: typeof password === "string" ? password : "",
    subAccountName,
  });
  return c.json({ phone: session.phone, token: session.token });
});

/**
 * The image code of a CAPTCHA challenge, so testers and the end-to-end tests can
 * pass it without reading the picture: `{ code }`, or 404. Like the SMS outbox,
 * it exists only in the sandbox.
 */
sandboxRoutes.get("/captcha.json", async (c) => {
  const id = c.req.query("id") ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return c.json({ error: "挑战编号不正确" }, 400);
  const code = await sandboxCaptchaCode(c.var.ctx, id);
  return code ? c.json({ code }) : c.json({ error: "挑战不存在" }, 404);
});
