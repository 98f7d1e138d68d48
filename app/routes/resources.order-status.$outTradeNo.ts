import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { getOrderStatus } from "~/upstream/payments.server";
import { UpstreamError } from "~/upstream/transport.server";
import { getSessionToken } from "~/utils/session.server";

/**
 * A top-up order's status as JSON, polled every 2 s by the payment panel
 * (spec §4): `{Status, expires_at}`. Only the order's owner gets it; a dead
 * session answers 401, anyone else's order 404.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => {
    const token = await getSessionToken(request);
    if (!token) return Response.json({ error: "登录已失效" }, { status: 401 });
    try {
      const order = await getOrderStatus(token, params.outTradeNo ?? "");
      return Response.json({ Status: order.Status, expires_at: order.expires_at });
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind === "fault") throw error;
      const status = error.kind === "session" ? 401 : error.kind === "forbidden" ? 403 : 404;
      return Response.json({ error: error.reason }, { status });
    }
  });
}
