/**
 * `npm start` runs the platform in process: loading the server build must stop a production start
 * with sandbox providers at once (decision 026), not fail later on the first request.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { productionIdentityEnv } from "../../tests/support/aliyun-identity-env";
import { productionPaymentEnv } from "../../tests/support/payment-env";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const production = (env: Record<string, string>) => {
  vi.stubEnv("APP_ENV", "production");
  vi.stubEnv("SESSION_SECRET", "x".repeat(64));
  vi.stubEnv("PLATFORM_URL", "");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
};

describe("the web tier with the platform in process", () => {
  it("refuses to load in production with the sandbox providers", async () => {
    production({ PROVIDERS: "sandbox", SMS_PROVIDER: "", EMAIL_PROVIDER: "" });
    await expect(import("./transport.server")).rejects.toThrow(/SMS_PROVIDER: APP_ENV=production refuses/);
  });

  it("loads in production with real providers", async () => {
    production({
      SMS_PROVIDER: "aliyun",
      ALIYUN_ACCESS_KEY_ID: "LTAI5tFakeKeyId4Tests",
      ALIYUN_ACCESS_KEY_SECRET: "fake-secret",
      ALIYUN_SMS_SIGN_NAME: "算力云",
      ALIYUN_SMS_TEMPLATE_CODE: "SMS_154950909",
      EMAIL_PROVIDER: "smtp",
      SMTP_URL: "smtps://user:pass@127.0.0.1:9",
      MAIL_FROM: "noreply@gpu.example",
      ...productionPaymentEnv(),
      ...productionIdentityEnv(),
    });
    await expect(import("./transport.server")).resolves.toHaveProperty("sendToPlatform");
  });

  it("leaves the check to the platform when it runs apart (PLATFORM_URL)", async () => {
    production({ PROVIDERS: "sandbox", PLATFORM_URL: "http://127.0.0.1:3649", PLATFORM_WEB_TIER_KEY: "k".repeat(40) });
    await expect(import("./transport.server")).resolves.toHaveProperty("sendToPlatform");
  });

  it("refuses a split production start without the web-tier key, which the platform needs to trust client addresses", async () => {
    production({ PLATFORM_URL: "http://127.0.0.1:3649" });
    await expect(import("./transport.server")).rejects.toThrow(/PLATFORM_WEB_TIER_KEY: required in production/);
  });
});
