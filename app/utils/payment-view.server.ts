import type { PaymentView } from "~/components/payment/QrPaymentPanel";
import type { UserInfo } from "~/upstream/accounts.server";
import { getOrderStatus, getQrcode } from "~/upstream/payments.server";
import { UpstreamError } from "~/upstream/transport.server";
import { qrSvg as renderQrSvg } from "./qr-svg.server";
import { userFigures } from "./user-figures";

/**
 * Everything the payment panel shows for one of the caller's orders: its
 * status, and while it waits, its QR as SVG (or 二维码未生成或者已过期 when
 * the platform has none); once paid, the balance and tier of `user`.
 */
export async function paymentView(token: string, user: UserInfo, outTradeNo: string): Promise<PaymentView> {
  const order = await getOrderStatus(token, outTradeNo);
  let qrSvg: string | null = null;
  let qrNotReady = false;
  if (order.Status === 0 && order.pay_type !== 2) {
    try {
      qrSvg = await renderQrSvg((await getQrcode(token, outTradeNo)).qrcode);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.key !== "QR_NOT_READY") throw error;
      qrNotReady = true;
    }
  }
  const figures = userFigures(user);
  const paid = order.Status === 1 && !figures.isSub;
  return {
    order,
    qrSvg,
    qrNotReady,
    balance: paid ? figures.displayMoney : null,
    vipName: paid ? figures.vipName : null,
  };
}
