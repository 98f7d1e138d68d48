import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getNotifications, markAllNotificationsRead } from "~/upstream/notices.server";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { resourceFormAction } from "~/utils/action.server";
import { loadFeed } from "~/utils/feed.server";
import { requestedRedirect } from "~/utils/safe-redirect";
import { getSessionToken } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The notification centre's poll (every 10 s from the bar); a Response, as Remix wants of a resource route read directly. */
export function loader({ request }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => json(await loadFeed(request, (token) => getNotifications(token, 1, 5))));
}

/** A post from a page without a session goes to the login page. */
async function requireToken(request: Request): Promise<string> {
  const token = await getSessionToken(request);
  if (!token) throw redirect("/login");
  return token;
}

/** Mark all read: a plain form POST (or the bar's fetcher), back to where it came from. */
export function action({ request }: ActionFunctionArgs) {
  return withSecurityHeaders(() =>
    resourceFormAction(
      request,
      {
        guard: requireToken,
        intents: (intent) => ({
          "read-all": intent(
            z.object({ redirectTo: z.string().max(2048).optional() }),
            async ({ redirectTo }, { guard }) => {
              await markAllNotificationsRead(guard);
              return redirectWithToast(requestedRedirect(redirectTo, "/console/messages?tab=notifications"), {
                type: "success",
                message: "通知已全部标为已读",
                place: "bar",
              });
            },
          ),
        }),
      },
      "/console/messages?tab=notifications",
    ),
  );
}
