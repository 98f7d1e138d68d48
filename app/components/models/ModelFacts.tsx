import { Badge, Muted } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import type { ModelDetailWire } from "~/upstream/models.server";
import { formatDate } from "~/utils/format";
import { MODEL_FAMILY_LABELS } from "../../../platform/rules/model-families";

const Facts = styled("dl", {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
  gap: "$3",
  margin: "0 0 $4",
  div: { backgroundColor: "white", border: "1px solid #ECEDF0", borderRadius: "$md", padding: "$3" },
  dt: { color: "$mutedText", fontSize: "$sm" },
  dd: { margin: "$1 0 0", fontWeight: 600, overflowWrap: "anywhere" },
});

/** A model's figures: family, publisher, parameters, GPU memory, licence and the image it runs in. */
export function ModelFacts({ model }: { model: Omit<ModelDetailWire, "Body"> }) {
  const facts: [string, string][] = [
    ["发布方", model.Publisher],
    ["参数量", model.Parameters],
    ["所需显存", `${model.GpuMemoryGb} GB`],
    ["许可证", model.Licence],
    ["镜像", `${model.Image.Framework} ${model.Image.Version} · CUDA ${model.Image.CudaVersion}`],
  ];
  return (
    <>
      <p>
        <Badge>{MODEL_FAMILY_LABELS[model.Family]}</Badge>{" "}
        {model.PublishedAt && <Muted>更新于 {formatDate(model.PublishedAt)}</Muted>}
      </p>
      {model.Summary && <p>{model.Summary}</p>}
      <Facts data-testid="model-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Facts>
    </>
  );
}
