import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { styled } from "./stitches.config";

export interface LinkTab {
  to: string;
  label: ReactNode;
  current: boolean;
}

const Bar = styled("nav", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$2",
  marginBottom: "$4",
  a: {
    color: "$text",
    backgroundColor: "white",
    border: "1px solid #ECEDF0",
    textDecoration: "none",
  },
  "a[aria-current=page]": { backgroundColor: "$primaryFill", color: "white", borderColor: "transparent" },
  variants: {
    shape: {
      tab: { a: { padding: "$2 $4", borderRadius: "$sm" } },
      pill: { a: { padding: "$1 $3", borderRadius: 999 } },
    },
  },
  defaultVariants: { shape: "tab" },
});

/**
 * A row of links, one per choice (the store's machine types, the datasets'
 * tasks, the models' families), the current one marked aria-current="page":
 * each choice has its own URL and works without JavaScript.
 */
export function LinkTabs({ label, tabs, shape }: { label: string; tabs: LinkTab[]; shape?: "tab" | "pill" }) {
  return (
    <Bar aria-label={label} shape={shape}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} prefetch="intent" aria-current={tab.current ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </Bar>
  );
}
