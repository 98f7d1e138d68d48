import { LinkTabs } from "~/components/ui/LinkTabs";
import type { ModelListWire } from "~/upstream/models.server";
import { aiModelsPath } from "~/utils/content-paths";
import { MODEL_FAMILY_LABELS, type ModelFamilyName } from "../../../platform/rules/model-families";

/** The families as links (`?family=…`), each with its count: each choice has its URL and works without JavaScript. */
export function FamilyFilter({
  families,
  current,
}: {
  families: ModelListWire["families"];
  current: ModelFamilyName | null;
}) {
  const total = families.reduce((n, f) => n + f.Count, 0);
  return (
    <LinkTabs
      label="模型类别"
      shape="pill"
      tabs={[
        { to: aiModelsPath(), label: `全部 ${total}`, current: current === null },
        ...families.map((f) => ({
          to: aiModelsPath(f.Family),
          label: `${MODEL_FAMILY_LABELS[f.Family]} ${f.Count}`,
          current: f.Family === current,
        })),
      ]}
    />
  );
}
