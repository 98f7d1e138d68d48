import { UpstreamError } from "~/upstream/transport.server";
import { getWorkOrderUnreadFlag } from "~/upstream/work-orders.server";
import { getSessionToken } from "./session.server";
import { workOrderCaller } from "./work-order-view.server";

/**
 * Whether the caller has a work-order reply not yet read (spec §2: the account
 * menu's work-order link goes to 我的工单 then). One platform call, made only
 * with a session, alongside the shell's user info; a dead session is simply
 * not unread (the user info call sends the page to /login where it must).
 */
export async function workOrderUnread(request: Request): Promise<boolean> {
  const token = await getSessionToken(request);
  if (!token) return false;
  try {
    return (await getWorkOrderUnreadFlag(workOrderCaller(request, token))).unread;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "session") return false;
    throw error;
  }
}
