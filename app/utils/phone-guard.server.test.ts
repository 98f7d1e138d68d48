/**
 * modelDetail's guard (spec: "a route named modelDetail sends a user without a
 * phone to login"): a user with a phone passes; one without is sent to
 * /login?redirectTo=<the page>, the session cookie dropped; a visitor is sent
 * there by requireUser itself.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { UserInfo } from "~/upstream/accounts.server";
import { requirePhoneUser } from "./phone-guard.server";

const requireUser = vi.fn<(request: Request) => Promise<{ token: string; user: UserInfo }>>();
vi.mock("./session.server", async (original) => ({
  ...(await original<typeof import("./session.server")>()),
  requireUser: (request: Request) => requireUser(request),
}));

const page = () => new Request("http://x/AIModels/qwen2-5-7b-instruct?from=search");
const signedIn = (phone: string) => ({ token: "t", user: { Phone: phone } as UserInfo });

describe("requirePhoneUser", () => {
  beforeEach(() => {
    requireUser.mockReset();
  });

  it("lets a user with a phone through", async () => {
    requireUser.mockResolvedValue(signedIn("13800000000"));
    await expect(requirePhoneUser(page())).resolves.toMatchObject({ user: { Phone: "13800000000" } });
  });

  it("sends a user without a phone to login and back, dropping the session", async () => {
    requireUser.mockResolvedValue(signedIn(" "));
    const thrown = await requirePhoneUser(page()).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/AIModels/qwen2-5-7b-instruct?from=search")}`,
    );
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it("passes a visitor's redirect to login on", async () => {
    const toLogin = new Response(null, { status: 302, headers: { Location: "/login?redirectTo=%2FAIModels" } });
    requireUser.mockRejectedValue(toLogin);
    await expect(requirePhoneUser(page())).rejects.toBe(toLogin);
  });
});
