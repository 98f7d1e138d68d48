import { Link } from "@remix-run/react";
import { styled } from "~/components/ui/stitches.config";
import type { DatasetWire } from "~/upstream/datasets.server";
import { datasetPath } from "~/utils/content-paths";
import { DatasetFacts } from "./DatasetFacts";

const Card = styled("article", {
  display: "flex",
  flexDirection: "column",
  gap: "$3",
  padding: "$4",
  border: "1px solid #ECEDF0",
  borderRadius: "$md",
  backgroundColor: "white",
  h2: { margin: 0, fontSize: "$lg" },
  p: { margin: 0 },
});

/** One dataset of the list: its name linking to its page, its summary and its figures. */
export function DatasetCard({ dataset }: { dataset: DatasetWire }) {
  return (
    <Card data-testid="dataset-card">
      <h2>
        <Link to={datasetPath(dataset.Slug)} prefetch="intent">
          {dataset.Name}
        </Link>
      </h2>
      {dataset.Summary && <p>{dataset.Summary}</p>}
      <DatasetFacts dataset={dataset} />
    </Card>
  );
}
