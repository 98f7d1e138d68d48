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
  "&:hover": { textDecoration: "none", opacity: 0.85 },
});
