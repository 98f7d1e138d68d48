import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/upstream/accounts.server";
import { assertSameOrigin } from "~/utils/origin.server";
import { destroySessionCookie, getSessionToken } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";

/** Logout is a POST (works without JavaScript): the platform revokes the token, the cookie is dropped. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = await getSessionToken(request);
  if (token) await logout(token);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySessionCookie());
  headers.append("Set-Cookie", await toastHeader({ type: "success", message: "已退出登录", place: "bar" }));
  return redirect("/login", { headers });
}

export const loader = () => redirect("/store");
