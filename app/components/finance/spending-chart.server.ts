/**
 * The expense detail's chart of spending per day, drawn on the server as SVG
 * with ECharts' server-side renderer (docs/decisions/032-finance-records.md):
 * it shows without JavaScript and adds none to the page. Only this module
 * imports echarts, and only on the server.
 */
import * as echarts from "echarts";
import type { DailySpendingWire } from "~/upstream/finance.server";

import { CHART_HEIGHT, CHART_WIDTH } from "./spending-chart-size";

/** A picture, not a widget: nothing to hover. */
const STILL = { silent: true, emphasis: { disabled: true } } as const;

/** zrender's SVG painter (echarts `getZr().painter`), whose renderToString takes the CSS switches. */
interface SvgPainter {
  renderToString(opts: { cssAnimation?: boolean; cssEmphasis?: boolean; useViewBox?: boolean }): string;
}

/**
 * The chart as an SVG document (served as an image), drawn from numbers and dates of
 * our own (zrender escapes every text it writes), without animation, so
 * without a <style> element or script, and within the page's CSP.
 */
export function renderSpendingChart(days: DailySpendingWire[]): string {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: CHART_WIDTH, height: CHART_HEIGHT });
  try {
    chart.setOption({
      animation: false,
      color: ["#417AFF", "#F5A623"],
      textStyle: { fontFamily: "Roboto, 'PingFang SC', 'Microsoft YaHei', sans-serif", color: "#333333" },
      legend: { top: 0, selectedMode: false, data: ["余额消费", "算力券消费"] },
      grid: { left: 56, right: 16, top: 36, bottom: 32 },
      xAxis: {
        type: "category",
        data: days.map((d) => d.Date.slice(5)),
        silent: true,
        axisLabel: { color: "#5C5C66", hideOverlap: true },
      },
      yAxis: { type: "value", name: "元", silent: true, axisLabel: { color: "#5C5C66" } },
      series: [
        { ...STILL, name: "余额消费", type: "bar", stack: "spent", data: days.map((d) => Number(d.Cash)) },
        { ...STILL, name: "算力券消费", type: "bar", stack: "spent", data: days.map((d) => Number(d.Voucher)) },
      ],
    });
    // `renderToSVGString()` keeps zrender's hover CSS, written as a <style> element that the page's CSP refuses
    // (style-src-elem needs the nonce). Without CSS animation and hover there is no <style> at all.
    const painter = chart.getZr().painter as unknown as SvgPainter;
    return painter.renderToString({ cssAnimation: false, cssEmphasis: false, useViewBox: true });
  } finally {
    chart.dispose();
  }
}
