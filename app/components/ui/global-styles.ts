import { globalCss } from "./stitches.config";

export const globalStyles = globalCss({
  "*, *::before, *::after": { boxSizing: "border-box" },
  html: { WebkitTextSizeAdjust: "100%" },
  body: {
    margin: 0,
    fontFamily: "$body",
    fontSize: "$md",
    lineHeight: 1.6,
    color: "$text",
    backgroundColor: "$page",
  },
  a: { color: "$primaryText", textDecoration: "none" },
  "a:hover": { textDecoration: "underline" },
  // A link inside running text is told apart by more than its colour (WCAG 1.4.1).
  "p a, label a": { textDecoration: "underline" },
  "h1, h2, h3": { lineHeight: 1.3, margin: "0 0 $3" },
  ".visually-hidden": {
    position: "absolute",
    width: 1,
    height: 1,
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
  },
});
