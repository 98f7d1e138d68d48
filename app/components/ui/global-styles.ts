import roboto400 from "@fontsource/roboto/files/roboto-latin-400-normal.woff2";
import roboto500 from "@fontsource/roboto/files/roboto-latin-500-normal.woff2";
import roboto700 from "@fontsource/roboto/files/roboto-latin-700-normal.woff2";
import { globalCss } from "./stitches.config";

/** The woff2 the first paint uses (body text); root.tsx preloads it. */
export const bodyFontUrl = roboto400;

/**
 * Self-hosted Roboto (latin) in the document's own style tag: no render-blocking stylesheet request
 * (decision 022). `swap` shows the CJK/system fallback until the file arrives.
 */
const robotoFace = (weight: number, url: string) => ({
  fontFamily: "Roboto",
  fontStyle: "normal",
  fontWeight: weight,
  fontDisplay: "swap",
  src: `url(${url}) format("woff2")`,
});

/** Read out by screen readers, not shown (the `.visually-hidden` class, and the bar's name on narrow phones). */
export const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

export const globalStyles = globalCss({
  "@font-face": [robotoFace(400, roboto400), robotoFace(500, roboto500), robotoFace(700, roboto700)] as never,
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
  // Rendered markdown too (its own stylesheet takes the underline off every link, lists included).
  "p a, label a, .wmde-markdown a[href]": { textDecoration: "underline" },
  "h1, h2, h3": { lineHeight: 1.3, margin: "0 0 $3" },
  // A fieldset is as wide as its widest content by default (min-inline-size: min-content): a long option in a
  // select then pushed the rental form past a 390 px screen. Like any other box, it fits its container.
  fieldset: { minWidth: 0 },
  // On a phone: controls a finger can hit (the kit's height), and fields that do not zoom the page when tapped.
  "@mobile": {
    ":root": { "--sizes-control": "40px" },
    "input, select, textarea": { fontSize: "$lg" },
  },
  ".visually-hidden": visuallyHidden,
});
