import { Link } from "@remix-run/react";
import { myWorkOrderPath } from "~/utils/paths";
import { styled } from "../ui/stitches.config";

const Tabs = styled("nav", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$4",
  marginBottom: "$4",
  borderBottom: "1px solid #ECEDF0",
  a: { padding: "$2 0", color: "$mutedText", borderBottom: "2px solid transparent", marginBottom: -1 },
  "a[aria-current=page]": { color: "$primaryText", borderColor: "$primary" },
});

/** The status tabs of 我的工单: GET links, so they work without JavaScript. */
export function StatusTabs({
  tabs,
  current,
}: {
  tabs: readonly { value: string | undefined; label: string }[];
  current: string | undefined;
}) {
  return (
    <Tabs aria-label="工单状态">
      {tabs.map((tab) => (
        <Link
          key={tab.label}
          to={myWorkOrderPath(tab.value)}
          prefetch="intent"
          aria-current={tab.value === current ? "page" : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </Tabs>
  );
}
