import type { ReactNode } from "react";
import { styled } from "./stitches.config";

const Scroller = styled("div", {
  overflowX: "auto",
  maxWidth: "100%",
  "&:focus-visible": { outline: "2px solid $primary", outlineOffset: 2 },
  "@mobile": {
    // Headers and short cells stay on one line (类型, 运行中, 2026-11-27 12:00, not one character per line);
    // a cell of free text, marked `data-wrap`, wraps within 140–280px.
    "& > table th, & > table td": { whiteSpace: "nowrap" },
    "& > table td[data-wrap]": { whiteSpace: "normal", minWidth: "10em", maxWidth: "20em" },
  },
});

/**
 * A box around a wide table (or picture), so that on a narrow screen it
 * scrolls sideways inside the box instead of widening the page or shrinking;
 * there it is at least `minWidth` pixels wide, its cells are not wrapped
 * except those marked `data-wrap` (titles, notes, explanations). Pure CSS, so
 * it works without JavaScript; the desktop look is unchanged. The box is a
 * named region that takes keyboard focus, so it scrolls with the arrow keys
 * (axe's scrollable-region-focusable).
 */
export function TableScroll({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Scroller role="region" aria-label={label} tabIndex={0} css={{ "@mobile": { "& > *": { minWidth } } }}>
      {children}
    </Scroller>
  );
}
