import { styled } from "../ui/stitches.config";

const Figure = styled("figure", {
  margin: "0 0 $4",
  svg: { width: "100%", height: "auto", display: "block" },
  figcaption: { fontSize: "$sm", color: "$mutedText", marginTop: "$1" },
});

/**
 * The spending chart drawn on the server (components/finance/spending-chart.server.ts):
 * our own SVG from numbers, inlined; its accessible name says what it shows and the total.
 */
export function SpendingChart({ svg, from, to, total }: { svg: string; from: string; to: string; total: string }) {
  const summary = `${from} 至 ${to} 每日消费柱状图，合计消费 ${total} 元`;
  return (
    <Figure>
      <div role="img" aria-label={summary} data-testid="spending-chart" dangerouslySetInnerHTML={{ __html: svg }} />
      <figcaption>
        {from} 至 {to} 每日消费（余额与算力券），合计 {total} 元
      </figcaption>
    </Figure>
  );
}
