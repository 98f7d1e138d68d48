import { expect, test } from "./fixtures/session";

// Issue 9, section 7: `Origin: null` passed on /logout and /resources/notifications.
// It is foreign on every route, through the one origin check.
test("a post with Origin: null is refused on /logout and /resources/notifications and changes nothing", async ({
  page,
  login,
}) => {
  await login();
  for (const path of ["/logout", "/resources/notifications"]) {
    const response = await page.request.post(path, {
      headers: { origin: "null" },
      form: { intent: path === "/logout" ? "logout" : "read-all" },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(403);
  }
  // Still logged in, with the welcome notification still unread.
  await page.goto("/console/messages?tab=notifications");
  await expect(page).toHaveURL(/\/console\/messages/);
  await expect(page.getByText(/未读 [1-9]\d* 条/)).toBeVisible();
});
