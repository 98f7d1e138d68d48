import { expect, test } from "@playwright/test";
import { DEMO } from "./support";

// Bodies reach the platform through the web server (and, in the production build, its platform
// thread): an oversized one must get the platform's own refusal, not a dropped connection.

test("an oversized API body is refused with 413 and a reason, and the server goes on answering", async ({
  request,
}) => {
  const big = "phone=" + "1".repeat(100_000);
  const refused = await request.post("/api/login", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: big,
  });
  expect(refused.status()).toBe(413);
  expect(await refused.json()).toEqual({ status: 1, reason: "请求内容过大", key: "PAYLOAD_TOO_LARGE", data: null });

  const thirdParty = await request.post("/third-party/instances", {
    headers: { "content-type": "application/json" },
    data: JSON.stringify({ padding: "x".repeat(100_000) }),
  });
  expect(thirdParty.status()).toBe(413);
  expect((await thirdParty.json()).code).toBe(100021);

  const login = await request.post("/api/login", { form: { phone: DEMO.phone, password: DEMO.password } });
  expect((await login.json()).status).toBe(0);
});
