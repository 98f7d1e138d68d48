import { Link } from "@remix-run/react";
import type { ShellData } from "~/utils/shell.server";
import { formatDate } from "~/utils/format";
import { informDetailPath } from "~/utils/paths";
import { MenuItem } from "../ui/Menu";
import { styled } from "../ui/stitches.config";

const List = styled("ul", {
  listStyle: "none",
  margin: "$2 0",
  padding: 0,
  li: { padding: "$2 0", borderBottom: "1px solid #F0F1F4" },
  small: { display: "block", color: "$mutedText" },
  a: { color: "$text" },
});

/**
 * The open notices dropdown: the three newest with their dates, and 查看全部公告. A module of its own, fetched with
 * the dropdown's code on the first hover, focus or press of 公告 (issue 34).
 */
export default function NoticesMenuContent({ notices }: { notices: ShellData["notices"] }) {
  return (
    <>
      <b>最新公告</b>
      <List>
        {notices.map((n) => (
          <li key={n.Id}>
            <MenuItem asChild>
              <Link to={informDetailPath(n.Id)}>
                {n.Title}
                <small>{formatDate(n.PublishedAt)}</small>
              </Link>
            </MenuItem>
          </li>
        ))}
      </List>
      <Link to="/inform" prefetch="intent">
        查看全部公告
      </Link>
    </>
  );
}
