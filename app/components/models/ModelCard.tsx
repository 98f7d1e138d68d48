import { Link } from "@remix-run/react";
import { Badge, Muted, Price } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import type { ModelSummaryWire } from "~/upstream/models.server";
import { fitFree, fitGpus, fitPrice } from "~/utils/model-fit";
import { modelDetailPath } from "~/utils/content-paths";
import { MODEL_FAMILY_LABELS } from "../../../platform/rules/model-families";

const Card = styled("article", {
  display: "flex",
  flexDirection: "column",
  gap: "$2",
  padding: "$4",
  border: "1px solid #ECEDF0",
  borderRadius: "$md",
  backgroundColor: "white",
  h2: { margin: 0, fontSize: "$lg", overflowWrap: "anywhere" },
  p: { margin: 0 },
});
const Figures = styled("dl", {
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "2px $3",
  margin: 0,
  fontSize: "$md",
  dt: { color: "$mutedText" },
  dd: { margin: 0 },
});
const Fit = styled("p", { marginTop: "auto !important", paddingTop: "$2", borderTop: "1px solid #ECEDF0" });

/** One model of the library: name (to its page), family, publisher, parameters, GPU memory, image, best GPU line. */
export function ModelCard({ model }: { model: ModelSummaryWire }) {
  return (
    <Card data-testid="model" data-slug={model.Slug}>
      <h2>
        <Link to={modelDetailPath(model.Slug)} prefetch="intent">
          {model.Name}
        </Link>
      </h2>
      <p>
        <Badge>{MODEL_FAMILY_LABELS[model.Family]}</Badge> <Muted>{model.Publisher}</Muted>
      </p>
      <Figures>
        <dt>参数量</dt>
        <dd>{model.Parameters}</dd>
        <dt>所需显存</dt>
        <dd>{model.GpuMemoryGb} GB</dd>
        <dt>镜像</dt>
        <dd>
          {model.Image.Framework} {model.Image.Version}
        </dd>
      </Figures>
      {model.Summary && <Muted as="p">{model.Summary}</Muted>}
      <Fit data-testid="model-best-fit">
        {model.BestFit ? (
          <>
            {fitGpus(model.BestFit)}，{fitFree(model.BestFit)}，<Price>{fitPrice(model.BestFit)}</Price>
          </>
        ) : (
          <Muted>暂无可容纳该模型的 GPU</Muted>
        )}
      </Fit>
    </Card>
  );
}
