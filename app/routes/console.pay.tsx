import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { QrPaymentPanel } from "~/components/payment/QrPaymentPanel";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { paymentView } from "~/utils/payment-view.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "支付 · 算力云" }];

/** One of the caller's top-up orders: its QR, its transfer instructions, or its result. Anyone else's is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token, user } = await requireMainAccount(request, "子账号不能充值，请联系主账号");
    const outTradeNo = new URL(request.url).searchParams.get("out_trade_no");
    if (!outTradeNo) throw new Response("请提供订单号", { status: 404 });
    return { view: await paymentView(token, user, outTradeNo) };
  });
}

export default function PayPage() {
  const { view } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const waiting = view.order.Status === 0 && view.order.pay_type !== 2;
  return (
    <>
      {/* Without JavaScript the page refreshes itself every 2 s while the QR waits (spec §4). */}
      {waiting && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <h1>{view.order.pay_type === 2 ? "对公转账" : "扫码支付"}</h1>
      <Panel>
        <PanelTitle>订单 {view.order.out_trade_no}</PanelTitle>
        <QrPaymentPanel view={view} onChange={() => revalidator.revalidate()} />
      </Panel>
      <p>
        <Link to="/console/recharge">返回充值</Link>
      </p>
    </>
  );
}
