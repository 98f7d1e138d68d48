import { styled } from "../ui/stitches.config";

/** The account's letter in a circle: the user dropdown's trigger, and larger inside it. */
export const Avatar = styled("span", {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 32,
  height: 32,
  borderRadius: "50%",
  backgroundColor: "$primaryFill",
  color: "white",
  fontWeight: 600,
  variants: { size: { lg: { width: 44, height: 44, fontSize: "$lg" } } },
});
