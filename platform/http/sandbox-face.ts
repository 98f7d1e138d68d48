import { Hono } from "hono";
import { decideSandboxFace, sandboxFaceView, type SandboxFaceView } from "../providers/identity/sandbox-face";
import type { Env } from "./context";
import { readForm } from "./wire";

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title>
<style>body{font:16px Roboto,"Noto Sans CJK SC",sans-serif;color:#333;margin:0;padding:24px;max-width:420px}h1{font-size:20px}button{font:inherit;padding:10px 24px;margin-right:12px;border-radius:4px;border:1px solid #D8D8D8;background:#fff;cursor:pointer}button.primary{background:#1D5FE0;border-color:#1D5FE0;color:#fff}.note{color:#555;font-size:14px}</style>
</head><body>${body}</body></html>`;

const TITLE = "人脸核验（沙箱）";

function sessionPage(view: SandboxFaceView): string {
  const head = `<h1>${TITLE}</h1><p>证件号码 ${view.maskedIdNumber}</p>`;
  if (view.state === "passed")
    return page(TITLE, `${head}<p role="status">本次人脸核验已通过，请回到电脑上的认证页面。</p>`);
  if (view.state === "failed")
    return page(TITLE, `${head}<p role="status">本次人脸核验未通过，请回到认证页面重新发起。</p>`);
  if (view.expired) return page(TITLE, `${head}<p role="status">本次人脸核验已超时，请回到认证页面重新发起。</p>`);
  return page(
    TITLE,
    `${head}<form method="post"><button class="primary" type="submit" name="action" value="pass">通过</button><button type="submit" name="action" value="fail">不通过</button></form>
<p class="note">沙箱环境不会打开摄像头。选择“通过”或“不通过”，认证页面会像真实人脸核验一样得到结果。</p>`,
  );
}

const NOT_FOUND = page("核验不存在", "<h1>人脸核验不存在</h1><p>链接不正确或已失效，请回到认证页面重新发起。</p>");

/**
 * The sandbox face liveness page (issue 37 §4): the link (QR code) a face session answers opens it on a phone; 通过 /
 * 不通过 decide the session once, as a real provider's check would. Plain forms, no script. Mounted only outside
 * production, as every /sandbox page (decision 026); never cached (the platform's no-store, http/no-store.ts).
 */
export const sandboxFaceRoutes = new Hono<Env>();

sandboxFaceRoutes.get("/:session", async (c) => {
  const view = await sandboxFaceView(c.var.ctx.db, c.req.param("session"), c.var.ctx.now());
  if (!view) return c.html(NOT_FOUND, 404);
  return c.html(sessionPage(view));
});

sandboxFaceRoutes.post("/:session", async (c) => {
  const id = c.req.param("session");
  const { action } = await readForm(c);
  const now = c.var.ctx.now();
  if (action !== "pass" && action !== "fail") {
    const view = await sandboxFaceView(c.var.ctx.db, id, now);
    return view ? c.html(sessionPage(view), 400) : c.html(NOT_FOUND, 404);
  }
  const decided = await decideSandboxFace(c.var.ctx.db, id, action === "pass", now);
  const view = await sandboxFaceView(c.var.ctx.db, id, now);
  if (!view) return c.html(NOT_FOUND, 404);
  return c.html(sessionPage(view), decided ? 200 : 409);
});
