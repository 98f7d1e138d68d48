import { styled } from "./stitches.config";

export const TriggerLink = styled("a", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$1",
  color: "inherit",
  cursor: "pointer",
  background: "none",
  border: "none",
  font: "inherit",
  padding: 0,
  // A tap target of at least 32 × 32 px around an 18 px icon or a short word.
  minWidth: 32,
  minHeight: 32,
  justifyContent: "center",
  whiteSpace: "nowrap",
  "&:hover": { textDecoration: "none", opacity: 0.85 },
});
