import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getNotifications, markAllNotificationsRead } from "~/upstream/notices.server";
import { loadFeed } from "~/utils/feed.server";
import { assertSameOrigin } from "~/utils/origin.server";
import { getSessionToken, safeRedirectPath } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The notification centre's poll (every 10 s from the bar). */
export function loader({ request }: LoaderFunctionArgs) {
  return loadFeed(request, (token) => getNotifications(token, 1, 5));
}

/** Mark all read: a plain form POST, back to where it came from. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = await getSessionToken(request);
  if (!token) throw redirect("/login");
  const form = await request.formData();
  await markAllNotificationsRead(token);
  return redirectWithToast(safeRedirectPath(form.get("redirectTo"), "/console/messages?tab=notifications"), {
    type: "success",
    message: "通知已全部标为已读",
    place: "bar",
  });
}
