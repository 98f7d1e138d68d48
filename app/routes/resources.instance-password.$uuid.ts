import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInstanceDetail } from "~/upstream/instances.server";
import { UpstreamError } from "~/upstream/transport.server";
import { getSessionToken } from "~/utils/session.server";

/**
 * One instance's SSH password as JSON, `{ password }`, fetched by the dashboard's 复制密码 button when it is
 * pressed, so the list's HTML never carries a password (decision 068). Only the instance's owner (or the main
 * account) gets it; a dead session answers 401, anyone else's instance 404, a released one 404. Never cached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const token = await getSessionToken(request);
  if (!token) return Response.json({ error: "登录已失效" }, { status: 401, headers });
  try {
    const instance = await getInstanceDetail(token, params.uuid ?? "", true);
    const password = instance.Access?.SshPassword;
    if (!password) return Response.json({ error: "实例已释放" }, { status: 404, headers });
    return Response.json({ password }, { headers });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind === "fault") throw error;
    const status = error.kind === "session" ? 401 : error.kind === "forbidden" ? 403 : 404;
    return Response.json({ error: error.reason }, { status, headers });
  }
}
