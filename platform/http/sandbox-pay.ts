import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { expireQrNow, payerView, type PayerView } from "../modules/payments/payer-view";
import { SandboxPaymentProvider } from "../providers/payment/sandbox";
import { formatMoney } from "../rules/money";
import type { Env } from "./context";
import { readForm } from "./wire";

const CHANNEL_NAMES = { wechat: "微信支付", alipay: "支付宝" } as const;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title>
<style>body{font:16px Roboto,"Noto Sans CJK SC",sans-serif;color:#333;margin:0;padding:24px;max-width:420px}h1{font-size:20px}.amount{font-size:32px;color:#F33E3E;margin:16px 0}button{font:inherit;padding:10px 24px;margin-right:12px;border-radius:4px;border:1px solid #D8D8D8;background:#fff;cursor:pointer}button.primary{background:#1D5FE0;border-color:#1D5FE0;color:#fff}.note{color:#555;font-size:14px}</style>
</head><body>${body}</body></html>`;

function orderPage(view: PayerView): string {
  const title = `${CHANNEL_NAMES[view.channel]}（沙箱）`;
  const head = `<h1>${title}</h1><p>订单号 ${view.outTradeNo}</p><p class="amount">${formatMoney(view.amountFen)}</p>`;
  if (!view.payable) {
    const why = view.status === "paid" ? "该订单已支付。" : "该二维码已过期或订单已关闭，请回到充值页面重新生成。";
    return page(title, `${head}<p role="status">${why}</p>`);
  }
  return page(
    title,
    `${head}<form method="post"><button class="primary" type="submit" name="action" value="confirm">确认支付</button><button type="submit" name="action" value="cancel">取消</button></form>
<form method="post"><button type="submit" name="action" value="expire">模拟二维码过期</button></form>
<p class="note">沙箱支付不会扣款。确认后，本页会像真实支付渠道一样向平台发送带签名的支付结果通知。</p>`,
  );
}

/**
 * The sandbox payment provider's page (issue 10 §2): the QR of a sandbox order
 * encodes this page. 确认支付 sends the signed callback a real provider would
 * send, to the platform's own notify endpoint, through its HTTP handler.
 */
export const sandboxPayRoutes = new Hono<Env>();

sandboxPayRoutes.get("/:outTradeNo", async (c) => {
  const view = await payerView(c.var.ctx, c.req.param("outTradeNo"));
  if (!view) return c.html(page("订单不存在", "<h1>订单不存在</h1>"), 404);
  return c.html(orderPage(view));
});

sandboxPayRoutes.post("/:outTradeNo", async (c) => {
  const view = await payerView(c.var.ctx, c.req.param("outTradeNo"));
  if (!view) return c.html(page("订单不存在", "<h1>订单不存在</h1>"), 404);
  const { action } = await readForm(c);
  if (action === "cancel")
    return c.html(page("已取消", `<h1>已取消支付</h1><p role="status">订单未支付，可回到充值页面重新支付。</p>`));
  if (action === "expire") {
    await expireQrNow(c.var.ctx, view.outTradeNo);
    return c.html(page("已过期", `<h1>二维码已过期</h1><p role="status">该订单的二维码已设为过期（沙箱测试）。</p>`));
  }
  if (action !== "confirm" || !view.payable) return c.html(orderPage(view), view.payable ? 400 : 409);

  const provider = c.var.ctx.providers.payments[view.channel];
  if (!(provider instanceof SandboxPaymentProvider))
    return c.html(page("不可用", "<h1>该渠道未使用沙箱支付</h1>"), 404);
  const callback = provider.signCallback({
    out_trade_no: view.outTradeNo,
    trade_state: "SUCCESS",
    amount_fen: view.amountFen,
    transaction_id: `SANDBOX${randomBytes(10).toString("hex").toUpperCase()}`,
    success_time: c.var.ctx.now().toISOString(),
  });
  const reply = await c.var.dispatch(
    new Request(`http://platform.internal/api/pay/notify/${view.channel}`, {
      method: "POST",
      headers: callback.headers,
      body: callback.body,
    }),
  );
  if (!reply.ok)
    return c.html(
      page("支付失败", `<h1>支付失败</h1><p role="alert">平台未接受支付结果通知（HTTP ${reply.status}）。</p>`),
      502,
    );
  return c.html(
    page(
      "支付成功",
      `<h1>支付成功</h1><p role="status">${formatMoney(view.amountFen)} 已支付，请回到充值页面查看到账情况。</p>`,
    ),
  );
});
