import { type colors, styled } from "./stitches.config";

export const Page = styled("main", { maxWidth: 1200, margin: "0 auto", padding: "$5 $4" });
export const Panel = styled("section", {
  backgroundColor: "$panel",
  border: "1px solid #ECEDF0",
  borderRadius: "$md",
  padding: "$5",
  marginBottom: "$4",
});
export const PanelTitle = styled("h2", { fontSize: "$lg", margin: "0 0 $4", fontWeight: 600 });
export const Muted = styled("span", { color: "$mutedText", fontSize: "$sm" });
export const Price = styled("span", { color: "$priceText", fontWeight: 600 });
export const Grid = styled("div", {
  display: "grid",
  gap: "$4",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
});
export const Stack = styled("div", { display: "flex", flexDirection: "column", gap: "$3" });
/** Items side by side, wrapping; none wider than the row (a select with a long option fits a phone). */
export const Row = styled("div", {
  display: "flex",
  gap: "$3",
  alignItems: "center",
  flexWrap: "wrap",
  "& > *": { maxWidth: "100%" },
});
/** Each badge tone's text and background colour tokens (their contrast: badge-tones.test.ts). */
export const BADGE_TONES = {
  primary: { text: "primaryText", background: "primarySoft" },
  muted: { text: "mutedText", background: "mutedSoft" },
  gold: { text: "goldText", background: "goldSoft" },
  success: { text: "successText", background: "successSoft" },
  warn: { text: "warnText", background: "warnSoft" },
} as const satisfies Record<string, { text: keyof typeof colors; background: keyof typeof colors }>;
export type BadgeTone = keyof typeof BADGE_TONES;

export const Badge = styled("span", {
  display: "inline-block",
  padding: "0 $2",
  borderRadius: 999,
  fontSize: "$sm",
  lineHeight: "20px",
  whiteSpace: "nowrap",
  variants: {
    tone: Object.fromEntries(
      Object.entries(BADGE_TONES).map(([tone, c]) => [
        tone,
        { backgroundColor: `$${c.background}`, color: `$${c.text}` },
      ]),
    ) as Record<BadgeTone, { backgroundColor: string; color: string }>,
  },
  defaultVariants: { tone: "primary" },
});
export const Dot = styled("span", {
  display: "inline-block",
  width: 8,
  height: 8,
  borderRadius: "50%",
  backgroundColor: "$error",
});
export const ProgressTrack = styled("div", {
  height: 8,
  borderRadius: 4,
  backgroundColor: "#ECEDF0",
  overflow: "hidden",
});
export const ProgressFill = styled("div", { height: "100%", backgroundColor: "$primary" });
export const Table = styled("table", {
  width: "100%",
  borderCollapse: "collapse",
  "th, td": { textAlign: "left", padding: "$2 $3", borderBottom: "1px solid #ECEDF0", fontSize: "$md" },
  th: { color: "$mutedText", fontWeight: 500 },
});
