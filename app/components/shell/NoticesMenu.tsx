import { Link } from "@remix-run/react";
import type { ShellData } from "~/utils/shell.server";
import { formatDate } from "~/utils/format";
import { Dot } from "../ui/layout";
import { Menu, MenuItem } from "../ui/Menu";
import { styled } from "../ui/stitches.config";
import { informDetailPath } from "~/utils/paths";

const List = styled("ul", {
  listStyle: "none",
  margin: "$2 0",
  padding: 0,
  li: { padding: "$2 0", borderBottom: "1px solid #F0F1F4" },
  small: { display: "block", color: "$mutedText" },
  a: { color: "$text" },
});
const Label = styled("span", {
  position: "relative",
  fontSize: "$md",
  [`& ${Dot}`]: { position: "absolute", top: 0, right: -8 },
});

/** The bar's notices: the three newest (page 1, page_size 3) and an unread dot until they are viewed. */
export function NoticesMenu({ shell }: { shell: ShellData }) {
  return (
    <Menu
      label={shell.noticeUnread ? "公告（有未读）" : "公告"}
      fallbackHref="/inform"
      trigger={
        <Label data-testid="notice-trigger">
          公告
          {shell.noticeUnread && <Dot data-testid="notice-unread" />}
        </Label>
      }
    >
      {() => (
        <>
          <b>最新公告</b>
          <List>
            {shell.notices.map((n) => (
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
      )}
    </Menu>
  );
}
