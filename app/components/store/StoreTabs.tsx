import { Link } from "@remix-run/react";
import { styled } from "~/components/ui/stitches.config";
import { storePath } from "~/utils/paths";
import type { StoreMachineType } from "../../../platform/rules/market-filter";

const TABS: { type: StoreMachineType; label: string }[] = [
  { type: "kvm", label: "云主机" },
  { type: "docker", label: "容器实例" },
  { type: "bare_metal", label: "裸金属" },
];

const Bar = styled("nav", {
  display: "flex",
  gap: "$2",
  marginBottom: "$4",
  a: {
    padding: "$2 $4",
    borderRadius: "$sm",
    color: "$text",
    backgroundColor: "white",
    border: "1px solid #ECEDF0",
    textDecoration: "none",
  },
  "a[aria-current=page]": { backgroundColor: "$primaryFill", color: "white", borderColor: "transparent" },
});

/**
 * The store's machine types as links (`?type=…`): each tab has its URL and works without JavaScript.
 * The same look as `ui/LinkTabs` (datasets, models), kept in the store's own chunk on purpose: importing the
 * shared component makes it a chunk of its own, and /store's first load grows from 109.8 to 110.2 KB gzip,
 * over its 110 KB budget (`BENCH_ONLY=js npm run bench`, 2026-11-28).
 */
export function StoreTabs({ current }: { current: StoreMachineType }) {
  return (
    <Bar aria-label="机器类型">
      {TABS.map((tab) => (
        <Link
          key={tab.type}
          to={storePath({ type: tab.type })}
          prefetch="intent"
          aria-current={tab.type === current ? "page" : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </Bar>
  );
}
