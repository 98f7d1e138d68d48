import { Link } from "@remix-run/react";
import type { MessageItem } from "~/upstream/notices.server";
import { formatDateTime } from "~/utils/format";
import { Dot } from "../ui/layout";
import { styled } from "../ui/stitches.config";

const List = styled("ul", { listStyle: "none", margin: 0, padding: 0 });
const Item = styled("li", {
  display: "flex",
  gap: "$2",
  padding: "$2 0",
  borderBottom: "1px solid #F0F1F4",
  small: { color: "$mutedText", display: "block" },
});
const Empty = styled("p", { color: "$mutedText", textAlign: "center", margin: "$4 0" });

/**
 * The open messages dropdown: CreateAt and Message, an unread dot, 暂无新消息, and a link to all. A module of its
 * own, fetched with the dropdown's code on the first hover, focus or press of the icon (issue 34).
 */
export default function MessagesMenuContent({
  list,
  allHref,
}: {
  /** Undefined while the first load after opening is on its way. */
  list: MessageItem[] | undefined;
  allHref: string;
}) {
  return (
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
      <Link to={allHref} prefetch="intent">
        查看全部消息
      </Link>
    </>
  );
}
