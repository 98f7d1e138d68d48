import { createStitches } from "@stitches/react";

/** The spec's theme (section 1). Stitches stays inside components/ui so it can be replaced. */
/**
 * The spec's colours (section 1) are the brand tokens: fills, borders, large
 * text, and text on the dark bar. Where the spec's colour is too light for
 * small text (WCAG 2.1 AA, 4.5:1), the *Text and *Fill tokens are a darker
 * shade of the same hue. contrast.test.ts checks every text pairing;
 * docs/decisions/023-accessible-colours.md lists them with their ratios.
 */
export const colors = {
  // Brand (the spec's values).
  primary: "#417AFF",
  primarySoft: "#EEF3FF",
  error: "#F33E3E",
  price: "#F33E3E",
  success: "#1FA463",
  muted: "#8A8F99",
  // Accessible shades of the same hues, for small text and under white text.
  primaryText: "#2B5FD9",
  primaryFill: "#2F66EA",
  primaryFillHover: "#2456CC",
  mutedText: "#646973",
  priceText: "#C92A2A",
  errorText: "#C92A2A",
  dangerFill: "#C92A2A",
  // The promotion pill's gradient (the spec's #FF7A45 → #F33E3E, darkened so its white 12 px text reads).
  promoFrom: "#C2410C",
  promoTo: "#C92A2A",
  successText: "#1E7A4B",
  goldText: "#8A5A12",
  goldSoft: "#FFF4DC",
  // Status badges: green for done, orange for waiting on the user (work orders).
  successSoft: "#E6F4EC",
  warnText: "#9A3412",
  warnSoft: "#FFEDD5",
  mutedSoft: "#F0F1F4",
  // Neutrals.
  text: "#333333",
  border: "#D8D8D8",
  barDark: "#1A191F",
  barLight: "#FFFFFF",
  page: "#F5F6FA",
  panel: "#FFFFFF",
} as const;

/** The spec's theme (section 1). Stitches stays inside components/ui so it can be replaced. */
export const { styled, css, globalCss, keyframes, getCssText, theme } = createStitches({
  theme: {
    colors,
    fonts: {
      body: 'Roboto, "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", sans-serif',
    },
    sizes: { control: "30px", bar: "56px" },
    radii: { sm: "4px", md: "6px", lg: "10px" },
    space: { 1: "4px", 2: "8px", 3: "12px", 4: "16px", 5: "24px", 6: "32px" },
    fontSizes: { sm: "12px", md: "14px", lg: "16px", xl: "20px", xxl: "28px" },
    shadows: { panel: "0 4px 20px rgba(26, 25, 31, 0.12)" },
  },
  media: {
    desktop: "(min-width: 900px)",
    mobile: "(max-width: 899px)",
    /** Phones under 380 px (many Androids are 360 px wide): the bar has room for its controls, not the site's name. */
    narrow: "(max-width: 379px)",
    /** A finger rather than a mouse: small controls get taller. */
    touch: "(pointer: coarse)",
  },
});
