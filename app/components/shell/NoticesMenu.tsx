import type { ShellData } from "~/utils/shell.server";
import { Dot } from "../ui/layout";
import { lazyContent } from "../ui/lazy-content";
import { Menu } from "../ui/Menu";
import { styled } from "../ui/stitches.config";

const Label = styled("span", {
  position: "relative",
  fontSize: "$md",
  [`& ${Dot}`]: { position: "absolute", top: 0, right: -8 },
});

/** The open dropdown: its own module, fetched with the dropdown's code. */
const content = lazyContent(() => import("./NoticesMenuContent"));

/** The bar's notices: the three newest (page 1, page_size 3) and an unread dot until they are viewed. */
export function NoticesMenu({ shell }: { shell: ShellData }) {
  return (
    <Menu
      label={shell.noticeUnread ? "公告（有未读）" : "公告"}
      fallbackHref="/inform"
      loadContent={content.load}
      trigger={
        <Label data-testid="notice-trigger">
          公告
          {shell.noticeUnread && <Dot data-testid="notice-unread" />}
        </Label>
      }
    >
      {() => {
        const Content = content.module().default;
        return <Content notices={shell.notices} />;
      }}
    </Menu>
  );
}
