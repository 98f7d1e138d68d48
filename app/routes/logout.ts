import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { logout } from "~/upstream/accounts.server";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { resourceFormAction } from "~/utils/action.server";
import { afterLogoutPath } from "~/utils/after-logout";
import { destroySessionCookie, getSessionToken } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";

const LogoutFields = z.object({ redirectTo: z.string().max(2048).optional() });

/**
 * Logout is a POST (works without JavaScript): the platform revokes the token,
 * the cookie is dropped, and the user stays on the public page they were on
 * (a console page goes to /login).
 */
export function action({ request }: ActionFunctionArgs) {
  return withSecurityHeaders(() =>
    resourceFormAction(
      request,
      {
        guard: getSessionToken,
        intents: (intent) => ({
          logout: intent(LogoutFields, async ({ redirectTo }, { guard: token }) => {
            if (token) await logout(token);
            const headers = new Headers();
            headers.append("Set-Cookie", await destroySessionCookie());
            headers.append("Set-Cookie", await toastHeader({ type: "success", message: "已退出登录", place: "bar" }));
            return redirect(afterLogoutPath(redirectTo), { headers });
          }),
        }),
      },
      "/store",
    ),
  );
}

export function loader() {
  return withSecurityHeaders(() => redirect("/store"));
}
