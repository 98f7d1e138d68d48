import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { staffLogout } from "~/upstream/desk.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { DESK_HOME, DESK_LOGIN, destroyStaffCookie, getStaffToken } from "~/utils/desk-session.server";
import { assertSameOrigin } from "~/utils/origin.server";
import { toastHeader } from "~/utils/toast.server";

/** No GET changes anything: a visit goes to the desk. */
export const loader = () => redirect(DESK_HOME);

/** Ends the staff session on the platform and drops the desk cookie. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = await getStaffToken(request);
  if (token) {
    try {
      await staffLogout({ token, clientAddress: requestClientAddress(request) });
    } catch (error) {
      // A session already dead is as good as ended.
      if (!(error instanceof UpstreamError && error.kind === "session")) throw error;
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyStaffCookie());
  headers.append("Set-Cookie", await toastHeader({ type: "success", message: "已退出登录" }));
  return redirect(DESK_LOGIN, { headers });
}
