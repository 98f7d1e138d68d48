import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { ShellData } from "~/utils/shell.server";
import { Button } from "../ui/Button";
import { Dot } from "../ui/layout";
import { Menu } from "../ui/Menu";
import { styled } from "../ui/stitches.config";
import { BellIcon } from "./icons";

const POLL_MS = 10_000;

const List = styled("ul", { listStyle: "none", margin: 0, padding: 0, maxHeight: 320, overflowY: "auto" });
const Item = styled("li", { padding: "$2 0", borderBottom: "1px solid #F0F1F4", b: { display: "block" }, p: { margin: 0, color: "$muted", fontSize: "$sm" } });
const Empty = styled("p", { color: "$muted", textAlign: "center", margin: "$4 0" });
const Header = styled("div", { display: "flex", justifyContent: "space-between", alignItems: "center", marginBottom: "$2" });
const Bell = styled("span", { position: "relative", display: "inline-flex", [`& ${Dot}`]: { position: "absolute", top: -2, right: -2 } });

type Feed = NonNullable<ShellData["notifications"]>;

/** Notification centre: Title and Original, 暂无通知, mark all read; polled every 10 s while the tab is visible. */
export function NotificationsMenu({ shell }: { shell: ShellData }) {
  const poll = useFetcher<Feed>();
  const markRead = useFetcher();
  const location = useLocation();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && poll.state === "idle") poll.load("/resources/notifications");
    }, POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const feed: Feed | null = markRead.state !== "idle" ? { list: [], unread: 0 } : (poll.data ?? shell.notifications);
  if (!feed) return null;
  return (
    <Menu
      label={feed.unread > 0 ? `通知（${feed.unread}条未读）` : "通知"}
      fallbackHref="/console/messages?tab=notifications"
      trigger={
        <Bell data-testid="notification-bell">
          <BellIcon />
          {feed.unread > 0 && <Dot data-testid="notification-dot" />}
        </Bell>
      }
    >
      <Header>
        <b>通知</b>
        {feed.unread > 0 && (
          <markRead.Form method="post" action="/resources/notifications">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <Button type="submit" variant="link" size="sm">
              全部已读
            </Button>
          </markRead.Form>
        )}
      </Header>
      {feed.list.length === 0 ? (
        <Empty>暂无通知</Empty>
      ) : (
        <List>
          {feed.list.map((n) => (
            <Item key={n.Id}>
              <b>{n.Title}</b>
              <p>{n.Original}</p>
            </Item>
          ))}
        </List>
      )}
    </Menu>
  );
}
