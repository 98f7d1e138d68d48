import { spendingChartPath } from "~/utils/paths";
import { styled } from "../ui/stitches.config";
import { TableScroll } from "../ui/TableScroll";
import { CHART_HEIGHT, CHART_MIN_WIDTH, CHART_WIDTH } from "./spending-chart-size";

const Figure = styled("figure", {
  margin: "0 0 $4",
  img: { width: "100%", height: "auto", display: "block" },
  figcaption: { fontSize: "$sm", color: "$mutedText", marginTop: "$1" },
});

/**
 * The spending chart drawn on the server (spending-chart.server.ts) as an SVG
 * image: it shows without JavaScript and travels once, beside the document.
 * Its accessible name says what it shows and the total. On a phone it keeps
 * CHART_MIN_WIDTH and scrolls sideways, so its labels stay readable.
 */
export function SpendingChart({ from, to, total }: { from: string; to: string; total: string }) {
  const summary = `${from} 至 ${to} 每日消费柱状图，合计消费 ${total} 元`;
  return (
    <Figure>
      <TableScroll label="每日消费图" minWidth={CHART_MIN_WIDTH}>
        <img
          src={spendingChartPath(from, to)}
          alt={summary}
          width={CHART_WIDTH}
          height={CHART_HEIGHT}
          data-testid="spending-chart"
        />
      </TableScroll>
      <figcaption>
        {from} 至 {to} 每日消费（余额与算力券），合计 {total} 元
      </figcaption>
    </Figure>
  );
}
