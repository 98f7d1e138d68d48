import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { NotificationItem } from "~/upstream/notices.server";
import { Dot } from "../ui/layout";
import { DiscoverRoute } from "../ui/DiscoverRoute";
import { lazyContent } from "../ui/lazy-content";
import { Menu, MenuLink } from "../ui/Menu";
import { styled } from "../ui/stitches.config";
import { BellIcon } from "./icons";

const POLL_MS = 10_000;
const FEED_URL = "/resources/notifications";

const Bell = styled("span", {
  position: "relative",
  display: "inline-flex",
  [`& ${Dot}`]: { position: "absolute", top: -2, right: -2 },
});

type Feed = { list: NotificationItem[]; unread: number };

const FALLBACK_HREF = "/console/messages?tab=notifications";

/** The open dropdown: its own module, fetched with the dropdown's code. */
const content = lazyContent(() => import("./NotificationsMenuContent"));

const bellLabel = (unread: number) => (unread > 0 ? `通知（${unread}条未读）` : "通知");

function BellTrigger({ unread }: { unread: number }) {
  return (
    <Bell data-testid="notification-bell">
      <BellIcon />
      {unread > 0 && <Dot data-testid="notification-dot" />}
    </Bell>
  );
}

/**
 * Notification centre: Title and Original, 暂无通知, mark all read; polled every 10 s while the tab is visible.
 * Before JavaScript runs (and on the server) it is a link to the notifications page; its fetchers exist only after.
 */
export function NotificationsMenu({ unread }: { unread: number }) {
  return useHydrated() ? (
    <LiveNotificationsMenu serverUnread={unread} />
  ) : (
    <MenuLink href={FALLBACK_HREF} label={bellLabel(unread)}>
      <BellTrigger unread={unread} />
    </MenuLink>
  );
}

function LiveNotificationsMenu({ serverUnread }: { serverUnread: number }) {
  const feed = useFetcher<Feed>();
  const markRead = useFetcher();
  const location = useLocation();
  const refresh = () => {
    if (feed.state === "idle") feed.load(FEED_URL);
  };
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // After "mark all read" finishes, fetch the list again so the dropdown matches.
  const wasMarking = useRef(false);
  useEffect(() => {
    if (markRead.state !== "idle") wasMarking.current = true;
    else if (wasMarking.current) {
      wasMarking.current = false;
      feed.load(FEED_URL);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markRead.state]);
  const marking = markRead.state !== "idle";
  const unread = marking ? 0 : (feed.data?.unread ?? serverUnread);
  const list = marking ? [] : feed.data?.list;
  return (
    <>
      <DiscoverRoute to={FEED_URL} />
      <Menu
        label={bellLabel(unread)}
        fallbackHref={FALLBACK_HREF}
        onOpen={refresh}
        loadContent={content.load}
        trigger={<BellTrigger unread={unread} />}
      >
        {() => {
          const Content = content.module().default;
          return (
            <Content unread={unread} list={list} markRead={markRead} redirectTo={location.pathname + location.search} />
          );
        }}
      </Menu>
    </>
  );
}
