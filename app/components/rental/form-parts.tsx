import { Select } from "../ui/Field";
import { styled } from "../ui/stitches.config";

/** The kit's native select on a line of its own, wide enough for an image's name. */
export const SelectBox = styled(Select, { display: "block", minWidth: 160 });

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
