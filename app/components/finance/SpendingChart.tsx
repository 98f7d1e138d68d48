import { styled } from "../ui/stitches.config";
import { chartGeometry, LABEL_SIZE, type ChartDay } from "./spending-chart-geometry";

/** The bars' fills: 3:1 or more on white (WCAG 1.4.11), told apart by a white gap where they stack. */
const CASH_FILL = "#417AFF";
const VOUCHER_FILL = "#D97706";
/** The largest the labels grow on a wide screen: the page's body text. */
const LARGEST_TEXT = 14;

const Figure = styled("figure", {
  margin: "0 0 $4",
  figcaption: { fontSize: "$sm", color: "$mutedText", marginTop: "$1" },
});
const Legend = styled("ul", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$1 $4",
  listStyle: "none",
  margin: "0 0 $2",
  padding: 0,
  fontSize: "$sm",
  color: "$mutedText",
  li: { display: "inline-flex", alignItems: "center", gap: 6 },
});
const Swatch = styled("span", { display: "inline-block", width: 12, height: 12, borderRadius: 2 });
/**
 * The drawing's box. It scrolls sideways when the drawing is wider than the screen (a phone, or a year's range),
 * and, laid out in reverse, starts scrolled to its end: the newest days, today's included, are in view without
 * JavaScript. Where the drawing fits, its auto right margin keeps it at the box's start (an overflowing item's
 * auto margins are zero, so that does not undo the reverse).
 */
const Scroller = styled("div", {
  display: "flex",
  flexDirection: "row-reverse",
  overflowX: "auto",
  maxWidth: "100%",
  "&:focus-visible": { outline: "2px solid $primary", outlineOffset: 2 },
});
const Drawing = styled("svg", {
  display: "block",
  flex: "1 0 auto",
  marginRight: "auto",
  height: "auto",
  // The page's font and colours: the drawing is part of the page, not an image.
  fontFamily: "inherit",
  color: "$mutedText",
  text: { fill: "currentColor", fontSize: LABEL_SIZE },
  ".grid": { stroke: "#ECEDF0", strokeWidth: 1 },
  ".axis": { stroke: "#C9CCD2", strokeWidth: 1 },
});

/**
 * The expense detail's spending per day, cash and vouchers stacked: an SVG of the page itself (no script, no
 * <style>, drawn by React on the server and kept on hydration), in the page's font, scaling with its box by its
 * viewBox. Never smaller than 1:1, so its 11-unit labels stay 11 px or more on a phone (the box scrolls, showing
 * the newest days first); at most LARGEST_TEXT px on a wide screen. Its accessible name says the range and total.
 */
export function SpendingChart({
  days,
  from,
  to,
  total,
}: {
  days: ChartDay[];
  from: string;
  to: string;
  total: string;
}) {
  const g = chartGeometry(days);
  const summary = `${from} 至 ${to} 每日消费柱状图，合计消费 ${total}`;
  return (
    <Figure>
      <Legend aria-hidden="true">
        <li>
          <Swatch css={{ backgroundColor: CASH_FILL }} />
          余额消费
        </li>
        <li>
          <Swatch css={{ backgroundColor: VOUCHER_FILL }} />
          算力券消费
        </li>
        <li>单位：元</li>
      </Legend>
      <Scroller role="region" aria-label="每日消费图" tabIndex={0} data-testid="spending-chart-box">
        <Drawing
          viewBox={`0 0 ${g.width} ${g.height}`}
          role="img"
          aria-label={summary}
          data-testid="spending-chart"
          css={{ width: "100%", minWidth: g.width, maxWidth: (g.width * LARGEST_TEXT) / LABEL_SIZE }}
        >
          {g.ticks.map((t) => (
            <g key={t.value}>
              <line className={t.value === 0 ? "axis" : "grid"} x1={g.plot.left} x2={g.plot.right} y1={t.y} y2={t.y} />
              <text x={g.plot.left - 6} y={t.y} textAnchor="end" dominantBaseline="middle">
                {t.label}
              </text>
            </g>
          ))}
          {g.bars.map((b) => (
            <g key={b.date} data-date={b.date}>
              {b.cash.height > 0 && (
                <rect x={b.x} y={b.cash.y} width={b.width} height={b.cash.height} fill={CASH_FILL} />
              )}
              {b.voucher.height > 0 && (
                <rect
                  x={b.x}
                  y={b.voucher.y}
                  width={b.width}
                  height={b.voucher.height}
                  fill={VOUCHER_FILL}
                  stroke="#FFFFFF"
                  strokeWidth={b.cash.height > 0 ? 1 : 0}
                />
              )}
            </g>
          ))}
          {g.labels.map((l) => (
            <text key={l.text} x={l.x} y={g.plot.bottom + 16} textAnchor="middle">
              {l.text}
            </text>
          ))}
        </Drawing>
      </Scroller>
      <figcaption>
        {from} 至 {to} 每日消费（余额与算力券），合计 {total}
      </figcaption>
    </Figure>
  );
}
