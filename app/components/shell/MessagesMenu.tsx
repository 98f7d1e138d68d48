import { Link, useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { MessageItem } from "~/upstream/notices.server";
import { formatDateTime } from "~/utils/format";
import { Dot } from "../ui/layout";
import { DiscoverRoute } from "../ui/DiscoverRoute";
import { Menu, MenuLink } from "../ui/Menu";
import { styled } from "../ui/stitches.config";
import { MailIcon } from "./icons";

const List = styled("ul", { listStyle: "none", margin: 0, padding: 0 });
const Item = styled("li", {
  display: "flex",
  gap: "$2",
  padding: "$2 0",
  borderBottom: "1px solid #F0F1F4",
  small: { color: "$mutedText", display: "block" },
});
const Empty = styled("p", { color: "$mutedText", textAlign: "center", margin: "$4 0" });
const Icon = styled("span", {
  position: "relative",
  display: "inline-flex",
  [`& ${Dot}`]: { position: "absolute", top: -2, right: -2 },
});

type Feed = { list: MessageItem[]; unread: number };

const FALLBACK_HREF = "/console/messages";

function MailTrigger({ unread }: { unread: number }) {
  return (
    <Icon data-testid="message-icon">
      <MailIcon />
      {unread > 0 && <Dot />}
    </Icon>
  );
}

/**
 * Messages dropdown (only for users with a phone): CreateAt and Message, unread dot, 暂无新消息.
 * Before JavaScript runs (and on the server) it is a link to the messages page; its fetcher exists only after.
 */
export function MessagesMenu({ unread }: { unread: number }) {
  return useHydrated() ? (
    <LiveMessagesMenu serverUnread={unread} />
  ) : (
    <MenuLink href={FALLBACK_HREF} label="消息">
      <MailTrigger unread={unread} />
    </MenuLink>
  );
}

function LiveMessagesMenu({ serverUnread }: { serverUnread: number }) {
  const feed = useFetcher<Feed>();
  const unread = feed.data?.unread ?? serverUnread;
  const list = feed.data?.list;
  return (
    <>
      <DiscoverRoute to="/resources/messages" />
      <Menu
        label="消息"
        fallbackHref={FALLBACK_HREF}
        onOpen={() => feed.state === "idle" && feed.load("/resources/messages")}
        trigger={<MailTrigger unread={unread} />}
      >
        {() => (
          <>
            <b>消息</b>
            {list === undefined ? (
              <Empty>加载中…</Empty>
            ) : list.length === 0 ? (
              <Empty>暂无新消息</Empty>
            ) : (
              <List>
                {list.map((m) => (
                  <Item key={m.Id}>
                    {!m.Read && <Dot aria-label="未读" style={{ marginTop: 8 }} />}
                    <div>
                      <small>{formatDateTime(m.CreateAt)}</small>
                      {m.Message}
                    </div>
                  </Item>
                ))}
              </List>
            )}
            <Link to={FALLBACK_HREF} prefetch="intent">
              查看全部消息
            </Link>
          </>
        )}
      </Menu>
    </>
  );
}
