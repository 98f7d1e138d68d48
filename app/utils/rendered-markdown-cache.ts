/**
 * The budget of one renderer: 2 million code units, about 4 MB, some hundred
 * threads of 50 short messages; the largest work-order text (10,000
 * characters) and its HTML fit in a sixteenth of it.
 */
export const RENDERED_MARKDOWN_BUDGET = 2_000_000;

/**
 * A renderer that keeps what it rendered, by source text, for the most
 * recently used texts up to a size budget (decision 041). Messages of a
 * thread never change once written, and rendering is a pure function of the
 * text, so every view after the first reuses the HTML instead of parsing the
 * markdown again. Size is counted in UTF-16 code units of source plus HTML
 * (two bytes each); a text larger than a sixteenth of the budget is rendered
 * each time and not kept, so one huge text cannot empty the cache.
 */
export function rememberingRenderer(
  render: (source: string) => string,
  budgetCodeUnits: number,
): (source: string) => string {
  const kept = new Map<string, string>();
  const largest = budgetCodeUnits / 16;
  let used = 0;
  return (source) => {
    const html = kept.get(source);
    if (html !== undefined) {
      // Map order is insertion order: moving the entry to the end keeps the least recently used first.
      kept.delete(source);
      kept.set(source, html);
      return html;
    }
    const rendered = render(source);
    const size = source.length + rendered.length;
    if (size > largest) return rendered;
    kept.set(source, rendered);
    used += size;
    for (const [oldest, oldHtml] of kept) {
      if (used <= budgetCodeUnits) break;
      kept.delete(oldest);
      used -= oldest.length + oldHtml.length;
    }
    return rendered;
  };
}
