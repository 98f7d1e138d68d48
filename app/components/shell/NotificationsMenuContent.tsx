import type { FetcherWithComponents } from "@remix-run/react";
import { NotificationText } from "../NotificationText";
import type { NotificationItem } from "~/upstream/notices.server";
import { StatusButton } from "../ui/StatusButton";
import { styled } from "../ui/stitches.config";

const FEED_URL = "/resources/notifications";

const List = styled("ul", { listStyle: "none", margin: 0, padding: 0, maxHeight: 320, overflowY: "auto" });
const Item = styled("li", {
  padding: "$2 0",
  borderBottom: "1px solid #F0F1F4",
  b: { display: "block" },
  p: { margin: 0, color: "$mutedText", fontSize: "$sm" },
});
const Empty = styled("p", { color: "$mutedText", textAlign: "center", margin: "$4 0" });
const Header = styled("div", {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  marginBottom: "$2",
});

/**
 * The open notification centre: Title and Original of the latest notifications, 暂无通知, and 全部已读. A module
 * of its own, fetched with the dropdown's code on the first hover, focus or press of the bell (issue 34).
 */
export default function NotificationsMenuContent({
  unread,
  list,
  markRead,
  redirectTo,
}: {
  unread: number;
  /** Undefined while the first poll after opening is on its way. */
  list: NotificationItem[] | undefined;
  markRead: FetcherWithComponents<unknown>;
  /** Where 全部已读 comes back to without JavaScript. */
  redirectTo: string;
}) {
  return (
    <>
      <Header>
        <b>通知</b>
        {unread > 0 && (
          <markRead.Form method="post" action={FEED_URL}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <StatusButton intent="read-all" formAction={FEED_URL} variant="link" size="sm" pendingText="处理中…">
              全部已读
            </StatusButton>
          </markRead.Form>
        )}
      </Header>
      {list === undefined ? (
        <Empty>加载中…</Empty>
      ) : list.length === 0 ? (
        <Empty>暂无通知</Empty>
      ) : (
        <List>
          {list.map((n) => (
            <Item key={n.Id}>
              <b>{n.Title}</b>
              <p>
                <NotificationText text={n.Original} />
              </p>
            </Item>
          ))}
        </List>
      )}
    </>
  );
}
