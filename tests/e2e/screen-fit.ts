/**
 * Layout checks shared by the phone and console layout journeys: a page no wider than the screen, and a thing
 * inside the first screen.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The page's width, and the elements that stick out past the screen's right edge (outermost first). The screen's
 * width is the viewport's as set, not `innerWidth`: a phone browser zooms out to show content wider than the
 * screen, and `innerWidth` then grows with it.
 */
export function overflowOf(page: Page) {
  return page.evaluate((width) => {
    const out: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      if (el.getBoundingClientRect().right <= width + 1) continue;
      // Inside a box that scrolls or clips sideways, sticking out is that box's business.
      let inner = el.parentElement;
      let clipped = false;
      while (inner && inner !== document.body) {
        if (getComputedStyle(inner).overflowX !== "visible") clipped = true;
        inner = inner.parentElement;
      }
      if (!clipped)
        out.push(`${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`);
    }
    return { scrollWidth: document.scrollingElement!.scrollWidth, width, out: out.slice(0, 5) };
  }, page.viewportSize()!.width);
}

/** The page at `path` answers 200 and is no wider than the screen. */
export async function expectFitsTheScreen(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const { scrollWidth, width, out } = await overflowOf(page);
  expect(scrollWidth, `${path} is ${scrollWidth}px wide on a ${width}px screen: ${out.join(", ")}`).toBeLessThanOrEqual(
    width,
  );
}

/** The element is visible and wholly inside the first screen (the viewport, before any scrolling). */
export async function expectOnFirstScreen(page: Page, locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const screen = page.viewportSize()!;
  expect(box, `${what} has a box`).not.toBeNull();
  // The box is where it is on the screen now (relative to the viewport).
  expect(box!.y, `${what}: its top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: its bottom on a ${screen.height}px screen`).toBeLessThanOrEqual(screen.height);
  expect(box!.x + box!.width, `${what}: its right edge on a ${screen.width}px screen`).toBeLessThanOrEqual(
    screen.width + 1,
  );
}
