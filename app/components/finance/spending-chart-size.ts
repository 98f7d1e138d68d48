/** The spending chart's drawing size in CSS pixels (the SVG's and the page's <img>'s). */
export const CHART_WIDTH = 760;
export const CHART_HEIGHT = 260;
/** The chart's smallest text (legend and axis labels) in the SVG's pixels: echarts' default. */
const LABEL_SIZE = 12;
/**
 * The narrowest the page shows the chart: a phone scrolls it sideways rather than
 * scaling it down, so its labels stay at least 11px tall on screen.
 */
export const CHART_MIN_WIDTH = Math.ceil((CHART_WIDTH * 11) / LABEL_SIZE);
