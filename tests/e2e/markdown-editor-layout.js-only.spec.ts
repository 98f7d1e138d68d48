/**
 * The markdown editor takes the plain textarea's place without moving the page (the same height before and after
 * hydration), and on a phone its toolbar is one row with the other tools behind 更多工具.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";

const SCREENS = [
  { name: "390 px phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "1440 px screen", viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;

/** The form of 充值未到账 about the account; answers its path. */
async function openForm(page: Page): Promise<string> {
  await page.goto("/console/createWorkOrder/selectQuestion");
  await page.getByRole("link", { name: "充值未到账" }).click();
  await page.getByTestId("documents").getByRole("link", { name: "提交工单（账户问题）" }).click();
  await expect(page.getByRole("heading", { name: "填写工单" })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Where the editor's box and the fields under it stand, in page coordinates. */
async function positions(page: Page) {
  return page.evaluate(() => {
    const top = (el: Element | null) => Math.round((el!.getBoundingClientRect().top + window.scrollY) * 10) / 10;
    const field = document.querySelector("[data-markdown-editor]")!;
    return {
      editor: top(field.querySelector("textarea, [data-testid=markdown-editor]")),
      attachments: top(
        document.querySelector("input[type=file][name=files]") ?? document.querySelector("input[type=file]"),
      ),
      phone: top(document.querySelector("input[name=contact_phone]")),
      submit: top(document.querySelector("button[name=intent][value=submit]")),
    };
  });
}

/** The same page with JavaScript off (the server's HTML, never hydrated), as this context's user. */
async function withoutJavaScript(browser: Browser, context: BrowserContext, screen: (typeof SCREENS)[number]) {
  return browser.newContext({
    javaScriptEnabled: false,
    viewport: screen.viewport,
    isMobile: screen.isMobile,
    hasTouch: screen.hasTouch,
    locale: "zh-CN",
    storageState: await context.storageState(),
  });
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.hasTouch });

    test("the rich editor takes the textarea's place without moving what is below it", async ({
      page,
      login,
      browser,
      context,
    }) => {
      await login();
      const path = await openForm(page);
      await expect(page.locator("[data-markdown-editor=rich]")).toBeVisible();
      const hydrated = await positions(page);

      const plainContext = await withoutJavaScript(browser, context, screen);
      const plain = await plainContext.newPage();
      await plain.goto(path);
      await expect(plain.locator("[data-markdown-editor=plain]")).toBeVisible();
      const before = await positions(plain);
      await plainContext.close();

      // Layout shift of the fields below the editor: none (within a pixel's rounding).
      for (const key of ["editor", "attachments", "phone", "submit"] as const)
        expect(Math.abs(hydrated[key] - before[key]), `${key}: ${before[key]} → ${hydrated[key]}`).toBeLessThanOrEqual(
          1,
        );
    });

    test("the toolbar: one row with 更多工具 on a phone, every tool on a wide screen", async ({ page, login }) => {
      await login();
      await openForm(page);
      const editor = page.getByTestId("markdown-editor");
      const more = editor.getByTitle("更多工具");
      const table = editor.getByTitle("表格");
      const rows = () =>
        editor.locator(".w-md-editor-toolbar").evaluate((bar) => {
          // The tools' buttons (a divider is a thin line centred in the row).
          const shown = [...bar.querySelectorAll("li > button")].filter((b) => b.getClientRects().length > 0);
          // Rows: tops further apart than half a button (x² and x₂ sit a few pixels off their row's line).
          const tops = shown.map((b) => b.getBoundingClientRect().top).sort((a, b) => a - b);
          return tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 12).length;
        });
      if (screen.isMobile) {
        await expect(more).toBeVisible();
        await expect(more).toHaveAttribute("aria-expanded", "false");
        await expect(table).toBeHidden();
        expect(await rows(), "the phone's toolbar rows").toBe(1);
        await more.click();
        await expect(more).toHaveAttribute("aria-expanded", "true");
        await expect(table).toBeVisible();
        await more.click();
        await expect(table).toBeHidden();
      } else {
        await expect(more).toBeHidden();
        await expect(table).toBeVisible();
        expect(await rows(), "the wide screen's toolbar rows").toBe(1);
      }
    });
  });
}
