import { Link } from "@remix-run/react";
import { styled } from "~/components/ui/stitches.config";
import type { ModelListWire } from "~/upstream/models.server";
import { aiModelsPath } from "~/utils/content-paths";
import { MODEL_FAMILY_LABELS, type ModelFamilyName } from "../../../platform/rules/model-families";

const Bar = styled("nav", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$2",
  marginBottom: "$4",
  a: {
    padding: "$1 $3",
    borderRadius: 999,
    color: "$text",
    backgroundColor: "white",
    border: "1px solid #ECEDF0",
    textDecoration: "none",
  },
  "a[aria-current=page]": { backgroundColor: "$primaryFill", color: "white", borderColor: "transparent" },
});

/** The families as links (`?family=…`): each choice has its URL and works without JavaScript. */
export function FamilyFilter({
  families,
  current,
}: {
  families: ModelListWire["families"];
  current: ModelFamilyName | null;
}) {
  const total = families.reduce((n, f) => n + f.Count, 0);
  return (
    <Bar aria-label="模型类别">
      <Link to={aiModelsPath()} prefetch="intent" aria-current={current === null ? "page" : undefined}>
        全部 {total}
      </Link>
      {families.map((f) => (
        <Link
          key={f.Family}
          to={aiModelsPath(f.Family)}
          prefetch="intent"
          aria-current={f.Family === current ? "page" : undefined}
        >
          {MODEL_FAMILY_LABELS[f.Family]} {f.Count}
        </Link>
      ))}
    </Bar>
  );
}
