/**
 * axe checks for the e2e tests (WCAG 2.2 AA, serious and critical only).
 * axe runs as a script in the page; without JavaScript it cannot, so the
 * js-off project hands the document it has to a second context that runs axe
 * but blocks the app's own scripts: the server's HTML, never hydrated.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.2 AA: 2.1's rules, and 2.2's target size (24 × 24 px, or that much space around a smaller target). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The page's structure, whatever axe rates their impact: everything inside a
 * landmark, one main, one h1, headings that do not skip a level. A screen
 * reader's user moves by these.
 */
const STRUCTURE_RULES = ["region", "landmark-one-main", "page-has-heading-one", "heading-order"];

/** Radix puts an open menu's popup in a portal that hangs on its trigger, outside the landmarks by design. */
const POPUP = "[data-radix-popper-content-wrapper]";

/**
 * The serious and critical violations on the page as it is now (and any of its
 * structure), one line per element. One axe pass checks both; with a popup
 * open, the structure gets a second pass that leaves the popup out.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const popupOpen = (await page.locator(POPUP).count()) > 0;
  const structureRules = Object.fromEntries(
    (popupOpen ? [] : STRUCTURE_RULES).map((rule) => [rule, { enabled: true }]),
  );
  const results = await new AxeBuilder({ page }).options({ rules: structureRules }).withTags(WCAG_TAGS).analyze();
  const structure = popupOpen
    ? (await new AxeBuilder({ page }).withRules(STRUCTURE_RULES).exclude(POPUP).analyze()).violations
    : [];
  return [
    ...results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical" || STRUCTURE_RULES.includes(v.id),
    ),
    ...structure,
  ].flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ") ?? v.help}`,
    ),
  );
}

/**
 * The violations of the document the page shows now, also one a form post
 * produced (which a second GET could not reproduce): without JavaScript its
 * HTML is checked in a context that blocks the app's scripts.
 */
export async function seriousViolationsOfDocument(page: Page, javaScriptEnabled: boolean): Promise<string[]> {
  if (javaScriptEnabled) return seriousViolations(page);
  const html = await page.content();
  const context = await page.context().browser()!.newContext({ locale: "zh-CN", javaScriptEnabled: true });
  try {
    await context.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
    const copy = await context.newPage();
    await copy.route(page.url(), (route) => route.fulfill({ contentType: "text/html", body: html }));
    await copy.goto(page.url());
    return await seriousViolations(copy);
  } finally {
    await context.close();
  }
}
