import { expect, type Page } from "@playwright/test";

/** Reloads the open instance page until its state reads `state` (works with and without JavaScript). */
export async function waitForPageState(page: Page, state: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await page.getByTestId("instance-state").textContent())?.includes(state) ?? false;
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(true);
}
