import { Hono } from "hono";
import { recordScan } from "../modules/wechat/scan";
import { limitBody } from "./body-limit";
import type { Env } from "./context";

/** A pushed message is small; anything larger is not WeChat's. */
const MAX_EVENT_BYTES = 16 * 1024;

/**
 * The official account's event push (服务器配置 URL: /third-party/wechat/event; issue 38 §2). Every request carries
 * signature = sha1(sort(token, timestamp, nonce)); a wrong one is refused with 403 and does nothing. GET is
 * WeChat's check of the URL (answer `echostr`); POST is an XML message: a QR scan (subscribe with EventKey
 * "qrscene_<scene>", SCAN with "<scene>") is recorded; anything else is acknowledged with "success".
 */
export const wechatEventRoutes = new Hono<Env>();
wechatEventRoutes.use(
  "/wechat/*",
  limitBody(MAX_EVENT_BYTES, (c) => c.text("too large", 413)),
);

const signatureOf = (c: { req: { query(name: string): string | undefined } }) => ({
  signature: c.req.query("signature") ?? "",
  timestamp: c.req.query("timestamp") ?? "",
  nonce: c.req.query("nonce") ?? "",
});

wechatEventRoutes.get("/wechat/event", (c) => {
  if (!c.var.ctx.providers.wechat.verifyEventSignature(signatureOf(c))) return c.text("invalid signature", 403);
  return c.text(c.req.query("echostr") ?? "");
});

wechatEventRoutes.post("/wechat/event", async (c) => {
  const wechat = c.var.ctx.providers.wechat;
  if (!wechat.verifyEventSignature(signatureOf(c))) return c.text("invalid signature", 403);
  const event = wechat.parseScanEvent(await c.req.text());
  if (event) await recordScan(c.var.ctx, event);
  return c.text("success");
});
