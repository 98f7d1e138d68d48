import { useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { MessageItem } from "~/upstream/notices.server";
import { Dot } from "../ui/layout";
import { DiscoverRoute } from "../ui/DiscoverRoute";
import { lazyContent } from "../ui/lazy-content";
import { Menu, MenuLink } from "../ui/Menu";
import { styled } from "../ui/stitches.config";
import { MailIcon } from "./icons";

const Icon = styled("span", {
  position: "relative",
  display: "inline-flex",
  [`& ${Dot}`]: { position: "absolute", top: -2, right: -2 },
});

type Feed = { list: MessageItem[]; unread: number };

const FALLBACK_HREF = "/console/messages";

/** The open dropdown: its own module, fetched with the dropdown's code. */
const content = lazyContent(() => import("./MessagesMenuContent"));

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
        loadContent={content.load}
        trigger={<MailTrigger unread={unread} />}
      >
        {() => {
          const Content = content.module().default;
          return <Content list={list} allHref={FALLBACK_HREF} />;
        }}
      </Menu>
    </>
  );
}
