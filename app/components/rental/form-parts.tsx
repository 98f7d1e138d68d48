import { styled } from "../ui/stitches.config";

/** A native select at the kit's control height, so it posts without JavaScript. */
export const SelectBox = styled("select", {
  display: "block",
  height: "$control",
  minWidth: 160,
  padding: "0 $2",
  border: "1px solid $border",
  borderRadius: "$sm",
  fontFamily: "$body",
  fontSize: "$md",
  color: "$text",
  backgroundColor: "white",
  "&:focus": { outline: "none", borderColor: "$primary" },
  "&[aria-invalid=true]": { borderColor: "$error" },
});

/** One labelled group of the rental form. */
export const Choice = styled("fieldset", {
  border: "none",
  margin: "0 0 $4",
  padding: 0,
  legend: { fontWeight: 600, marginBottom: "$2", padding: 0 },
});

/** A radio with its label, and the select of its duration beside it (outside the label). */
export const RadioLine = styled("div", {
  display: "flex",
  alignItems: "center",
  gap: "$3",
  marginBottom: "$2",
  fontSize: "$md",
  label: { display: "flex", alignItems: "center", gap: "$2", minWidth: 90 },
});
