import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { currentPageAttribute } from "~/utils/current-page";
import { styled } from "../ui/stitches.config";
import { consoleNavGroups } from "./console-nav-items";

/**
 * Beside the page on a wide screen, in four groups under their names; on a
 * phone one row under the top bar that scrolls sideways, each group's name a
 * small mark before its links, so the page starts on the first screen
 * (decisions 052 and 068).
 */
const Side = styled("aside", {
  backgroundColor: "white",
  overflowX: "auto",
  whiteSpace: "nowrap",
  borderBottom: "1px solid #ECEDF0",
  nav: { display: "flex", alignItems: "center" },
  "nav a": { display: "block", padding: "$3", color: "$text" },
  "nav a[aria-current=page]": { color: "$primaryText", backgroundColor: "$primarySoft", fontWeight: 600 },
  "nav a:hover": { textDecoration: "none", color: "$primaryText" },
  "@desktop": {
    width: 200,
    flexShrink: 0,
    minHeight: "calc(100vh - 56px)",
    padding: "$3 0",
    overflowX: "visible",
    whiteSpace: "normal",
    borderBottom: "none",
    borderRight: "1px solid #ECEDF0",
    nav: { flexDirection: "column", alignItems: "stretch" },
    "nav a": { padding: "$2 $5" },
  },
});

const Group = styled("div", {
  display: "flex",
  alignItems: "center",
  "& + &": { borderLeft: "1px solid #ECEDF0" },
  "@desktop": {
    flexDirection: "column",
    alignItems: "stretch",
    "& + &": { borderLeft: "none", borderTop: "1px solid #ECEDF0", marginTop: "$2", paddingTop: "$2" },
  },
});

const GroupName = styled("span", {
  padding: "0 $1 0 $3",
  fontSize: "$sm",
  color: "$mutedText",
  "@desktop": { padding: "$2 $5 $1" },
});

const Mark = styled("span", {
  display: "inline-block",
  width: 8,
  height: 8,
  marginLeft: "$2",
  borderRadius: "50%",
  backgroundColor: "$error",
  verticalAlign: "middle",
});

/** On a phone the row scrolls so the current page's link is in view (without JavaScript it starts at 总览). */
function useCurrentLinkInView(pathname: string) {
  const side = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = side.current;
    const current = row?.querySelector<HTMLElement>("a[aria-current=page]");
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    // From the group's name when the link is in view with it, else from the link.
    const group = current.closest<HTMLElement>("[role=group]");
    const from =
      group && current.getBoundingClientRect().right - group.getBoundingClientRect().left <= row.clientWidth
        ? group
        : current;
    row.scrollLeft += from.getBoundingClientRect().left - row.getBoundingClientRect().left - (from === group ? 0 : 16);
  }, [pathname]);
  return side;
}

/** The console's navigation; 退出登录 is in the account menu (and on 账号信息 without JavaScript). */
export function ConsoleNav({ isSub, workOrderUnread }: { isSub: boolean; workOrderUnread: boolean }) {
  const { pathname } = useLocation();
  const side = useCurrentLinkInView(pathname);
  return (
    <Side ref={side}>
      <nav aria-label="控制台导航">
        {consoleNavGroups(isSub, workOrderUnread).map((group) => (
          <Group key={group.label} role="group" aria-labelledby={`console-nav-group-${group.label}`}>
            <GroupName id={`console-nav-group-${group.label}`}>{group.label}</GroupName>
            {group.items.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                prefetch="intent"
                aria-current={currentPageAttribute(pathname, item.to, item.also)}
                data-testid={`console-nav-${item.to}`}
              >
                {item.label}
                {item.mark && <Mark role="img" aria-label={item.mark} />}
              </Link>
            ))}
          </Group>
        ))}
      </nav>
    </Side>
  );
}
