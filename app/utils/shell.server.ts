import { data } from "@remix-run/node";
import { publicSiteConfig } from "~/env.server";
import { getBannerAndNoticeCached } from "~/upstream/notices.server";
import { readBdVid, rememberBdVid } from "./bd-vid.server";
import { lastSeenNoticeId } from "./notice-seen.server";
import { getRequestUser } from "./session.server";
import { takeToast } from "./toast.server";
import { loadPage } from "./upstream-errors.server";
import { accountBar } from "./user-figures";

/**
 * What every page's shell needs (spec §2): user info with tier and balances,
 * the bar's three notices with the unread indicator, unread notification and message counts,
 * whether a work order has an unread reply, the pending toast and the carried bd_vid.
 */
export async function loadShell(request: Request) {
  const [user, noticeFeed, seenNotice, { toast, setCookie }, bdVid, bdVidCookie] = await Promise.all([
    getRequestUser(request),
    getBannerAndNoticeCached(),
    lastSeenNoticeId(request),
    takeToast(request),
    readBdVid(request),
    rememberBdVid(request),
  ]);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (bdVidCookie) headers.append("Set-Cookie", bdVidCookie);
  return {
    data: {
      user,
      /** The bar's balances, membership and masked phone, derived here (not in the browser). */
      account: user ? accountBar(user) : null,
      site: publicSiteConfig(noticeFeed.raffle_window),
      notices: noticeFeed.notices,
      newestNoticeId: noticeFeed.newest_notice_id,
      noticeUnread:
        noticeFeed.newest_notice_id !== 0 &&
        noticeFeed.newest_notice_id !== seenNotice &&
        !viewsNotices(new URL(request.url).pathname),
      unread: user?.Unread ? { notifications: user.Unread.Notifications, messages: user.Unread.Messages } : null,
      // Read with the user info, in the platform's session query: no second call per page.
      workOrderUnread: user?.Unread?.WorkOrderReplies ?? false,
      toast,
      bdVid,
    },
    headers,
  };
}

/** Pages that show notices mark them seen (their loaders set the cookie), so the dot clears there at once. */
function viewsNotices(pathname: string): boolean {
  return pathname === "/inform" || pathname.startsWith("/inform.") || pathname.startsWith("/informDetail/");
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>["data"];

/**
 * The root route's loader. A platform too slow to answer is a 504 page (the
 * root boundary, with a visitor's bar), not a 500. The root imports its server
 * code from this module only (one empty stand-in in the browser bundle).
 */
export function rootLoader(request: Request) {
  return loadPage(request, async () => {
    const shell = await loadShell(request);
    return data(shell.data, { headers: shell.headers });
  });
}
