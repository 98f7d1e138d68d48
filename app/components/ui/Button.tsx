import { styled } from "./stitches.config";

const base = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "$1",
  height: "$control",
  padding: "0 $4",
  borderRadius: "$sm",
  border: "1px solid transparent",
  fontFamily: "$body",
  fontSize: "$md",
  lineHeight: 1,
  cursor: "pointer",
  whiteSpace: "nowrap",
  textDecoration: "none",
  "&:hover": { textDecoration: "none" },
  "&:disabled, &[aria-disabled=true]": { opacity: 0.6, cursor: "not-allowed" },
  "&:focus-visible": { outline: "2px solid $primary", outlineOffset: 2 },
  variants: {
    variant: {
      primary: {
        backgroundColor: "$primaryFill",
        color: "white",
        "&:hover:not(:disabled)": { backgroundColor: "$primaryFillHover" },
      },
      secondary: {
        backgroundColor: "white",
        color: "$text",
        borderColor: "$border",
        "&:hover:not(:disabled)": { borderColor: "$primary", color: "$primaryText" },
      },
      danger: { backgroundColor: "$dangerFill", color: "white" },
      link: { backgroundColor: "transparent", color: "$primaryText", padding: 0, height: "auto" },
    },
    size: {
      /** 26 px under a mouse; 36 px under a finger (a phone), so 复制 and the row actions are easy to hit. */
      sm: { height: 26, padding: "0 $3", fontSize: "$sm", "@touch": { height: 36 } },
      md: {},
      lg: { height: 40, padding: "0 $5", fontSize: "$lg" },
    },
    block: { true: { width: "100%" } },
  },
  defaultVariants: { variant: "primary", size: "md" },
} as const;

export const Button = styled("button", base);
export const ButtonLink = styled("a", base);
