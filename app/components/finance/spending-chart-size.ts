/** The spending chart's drawing size in CSS pixels (the SVG's and the page's <img>'s). */
export const CHART_WIDTH = 760;
export const CHART_HEIGHT = 260;
