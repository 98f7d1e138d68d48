import { Select } from "../ui/Field";
import { styled } from "../ui/stitches.config";

/** The kit's native select on a line of its own, wide enough for an image's name (the whole line on a phone). */
export const SelectBox = styled(Select, { display: "block", minWidth: 160, "@mobile": { width: "100%" } });

/** Selects side by side on a wide screen; one under the other on a phone, each the line's width. */
export const ChoiceLine = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$3",
  "& > div": { minWidth: 0, "@mobile": { flex: "1 1 100%" } },
});

/** The form's choices, and its summary beside them on a wide screen (decision 068). */
export const RentLayout = styled("div", {
  "@desktop": { display: "grid", gridTemplateColumns: "minmax(0, 1fr) 340px", gap: "$6", alignItems: "start" },
});

/**
 * The price and the buttons: on a wide screen a box that stays in view while the choices scroll; on a phone no
 * box of its own (`display: contents`), so its bar sticks to the bottom of the screen over the whole form.
 */
export const RentSummary = styled("div", {
  "@mobile": { display: "contents" },
  "@desktop": {
    position: "sticky",
    top: 72,
    padding: "$4",
    border: "1px solid #ECEDF0",
    borderRadius: "$md",
    backgroundColor: "#FAFBFC",
  },
});

/** The total and 立即租用: at the bottom of the screen on a phone, under the price on a wide screen. */
export const RentBar = styled("div", {
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: "$3",
  "@mobile": {
    position: "sticky",
    bottom: 0,
    zIndex: 5,
    margin: "$4 -$3 0",
    padding: "$3",
    backgroundColor: "white",
    borderTop: "1px solid #ECEDF0",
    boxShadow: "0 -4px 12px rgba(26, 25, 31, 0.06)",
  },
  "@desktop": { marginTop: "$4", "& > button": { flex: 1 } },
});

/** The total in the phone's bar (the price box above says it on a wide screen). */
export const RentBarTotal = styled("div", { flex: 1, fontSize: "$lg", "@desktop": { display: "none" } });

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
