import { createStitches } from "@stitches/react";

/** The spec's theme (section 1). Stitches stays inside components/ui so it can be replaced. */
export const { styled, css, globalCss, keyframes, getCssText, theme } = createStitches({
  theme: {
    colors: {
      primary: "#417AFF",
      primaryHover: "#2F66EA",
      primarySoft: "#EEF3FF",
      error: "#F33E3E",
      price: "#F33E3E",
      success: "#1FA463",
      text: "#333333",
      muted: "#8A8F99",
      border: "#D8D8D8",
      barDark: "#1A191F",
      barLight: "#FFFFFF",
      page: "#F5F6FA",
      panel: "#FFFFFF",
    },
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
  },
});
