import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { OrderStatusWire } from "~/upstream/payments.server";
import { formatDateTime } from "~/utils/format";
import { StatusButton } from "../ui/StatusButton";
import { Muted, Price } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { PAY_TYPE_NAMES } from "./pay-types";
import { TransferInstructions } from "./TransferInstructions";
import { usePaymentWatch } from "./use-payment-watch";
import { formatWireMoney } from "../../../platform/rules/money";

const Box = styled("div", {
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: "$3",
  textAlign: "center",
});
const Qr = styled("div", { width: 200, height: 200, svg: { width: "100%", height: "100%" } });
const Success = styled("p", { color: "$successText", fontSize: "$xl", fontWeight: 600, margin: 0 });
const Warning = styled("p", { color: "$errorText", margin: 0 });
/** A phone cannot scan its own screen: how to pay with the code on the same phone. */
const PhoneHint = styled("p", { margin: 0, fontSize: "$sm", "@desktop": { display: "none" } });

/** What a page or dialog knows about the order it shows. */
export interface PaymentView {
  order: OrderStatusWire;
  /** The QR as server-rendered SVG, while it can be paid. */
  qrSvg: string | null;
  /** The platform answered 二维码未生成或者已过期! while the order still waits. */
  qrNotReady: boolean;
  /** After payment: the balance and membership tier to show. */
  balance: string | null;
  vipName: string | null;
}

function useSecondsLeft(expiresAt: string | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [expiresAt]);
  if (!expiresAt || now === null) return null;
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
}

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;

/**
 * The QR payment (spec §4): the QR with the amount and its validity; with
 * JavaScript it polls every 2 s and shows 支付成功 once paid; without, the page
 * refreshes itself (the route adds the refresh). An expired QR offers a new
 * one; a corporate transfer shows where to send the money.
 */
export function QrPaymentPanel({ view, onChange }: { view: PaymentView; onChange: () => void }) {
  const { order } = view;
  usePaymentWatch(order, view.qrNotReady, onChange);
  const secondsLeft = useSecondsLeft(order.Status === 0 ? order.expires_at : null);
  const channel = PAY_TYPE_NAMES[order.pay_type];

  if (order.Status === 1) {
    return (
      <Box role="status" data-testid="payment-result">
        <Success>支付成功</Success>
        <p>
          已到账 <Price>{formatWireMoney(order.amount)}</Price>
          {view.balance && <>，当前余额 {view.balance}</>}
          {view.vipName && <>，会员等级 {view.vipName}</>}
        </p>
        <Link to="/console/finance/expenseDetail">查看收支明细</Link>
      </Box>
    );
  }
  if (order.pay_type === 2) return <TransferInstructions order={order} />;
  if (order.Status === 3 || order.Status === 2 || (secondsLeft === 0 && order.Status === 0)) {
    return (
      <Box>
        <Warning role="alert">{order.Status === 3 ? "订单未通过确认" : "二维码已过期"}</Warning>
        <p>
          {channel} <Price>{formatWireMoney(order.amount)}</Price>，订单号 {order.out_trade_no}
        </p>
        <Form method="post" action="/console/recharge">
          <input type="hidden" name="amount" value={order.amount} />
          <input type="hidden" name="pay_type" value={order.pay_type} />
          <StatusButton intent="pay" formAction="/console/recharge" pendingText="正在生成…">
            重新生成二维码
          </StatusButton>
        </Form>
      </Box>
    );
  }
  return (
    <Box>
      <p>
        请使用{channel}扫码支付 <Price>{formatWireMoney(order.amount)}</Price>
      </p>
      {view.qrNotReady || !view.qrSvg ? (
        <Warning role="status">二维码未生成或者已过期</Warning>
      ) : (
        <>
          <Qr role="img" aria-label={`${channel}付款二维码`} dangerouslySetInnerHTML={{ __html: view.qrSvg }} />
          <PhoneHint data-testid="phone-pay-hint">
            在本机支付：截屏保存二维码，打开{order.pay_type === 0 ? "支付宝" : "微信"}「扫一扫」，从相册选取截图即可付款
          </PhoneHint>
        </>
      )}
      <Muted role="status" aria-live="polite">
        {secondsLeft !== null
          ? `二维码剩余有效时间 ${mmss(secondsLeft)}，支付完成后页面将自动更新`
          : order.expires_at
            ? `二维码有效期至 ${formatDateTime(order.expires_at)}，本页每 2 秒自动刷新`
            : ""}
      </Muted>
      <Muted>订单号 {order.out_trade_no}</Muted>
    </Box>
  );
}
