import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { paymentView } from "~/utils/payment-view.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

/**
 * One of the caller's top-up orders as the payment panel shows it (status, QR
 * as SVG, balance and tier once paid): what a payment dialog reloads when its
 * order changes. /console/pay renders the same for a page.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withSecurityHeaders(() =>
    loadPage(request, async () => {
      const { token, user } = await requireMainAccount(request, "子账号不能充值，请联系主账号");
      const view = await paymentView(token, user, params.outTradeNo ?? "");
      return Response.json({ view });
    }),
  );
}
