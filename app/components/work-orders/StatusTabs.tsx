import { Link } from "@remix-run/react";
import { styled } from "../ui/stitches.config";

const Tabs = styled("nav", {
  display: "flex",
  flexWrap: "wrap",
  columnGap: "$4",
  marginBottom: "$4",
  borderBottom: "1px solid #ECEDF0",
  a: {
    display: "inline-flex",
    alignItems: "center",
    gap: 6,
    minHeight: 32,
    padding: "$1 0",
    color: "$mutedText",
    borderBottom: "2px solid transparent",
    marginBottom: -1,
    whiteSpace: "nowrap",
  },
  "a[aria-current=page]": { color: "$primaryText", borderColor: "$primary" },
});

/** A tab's figure: grey on grey, blue on blue for the current tab (both 4.5:1 or more, decision 023). */
const Count = styled("span", {
  minWidth: 20,
  padding: "0 6px",
  borderRadius: 999,
  fontSize: "$sm",
  lineHeight: "18px",
  textAlign: "center",
  backgroundColor: "$mutedSoft",
  color: "$mutedText",
  "[aria-current=page] > &": { backgroundColor: "$primarySoft", color: "$primaryText" },
});

export interface StatusTab {
  label: string;
  href: string;
  /** How many orders the tab lists (counted by the platform). */
  count: number;
  current: boolean;
}

/** Status tabs with their counts (my work orders, the desk's queue): GET links, so they work without JavaScript. */
export function StatusTabs({ tabs, label = "工单状态" }: { tabs: readonly StatusTab[]; label?: string }) {
  return (
    <Tabs aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.href} to={tab.href} prefetch="intent" aria-current={tab.current ? "page" : undefined}>
          {tab.label}
          <Count data-testid="status-tab-count">{tab.count}</Count>
        </Link>
      ))}
    </Tabs>
  );
}
