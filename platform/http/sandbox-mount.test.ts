/**
 * The /sandbox/* surfaces (SMS and email outboxes, the e2e session door) exist only outside
 * production; a production platform (real providers, config.sandbox false) has none of them and
 * no demo account.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPlatformConfig } from "../config";
import { users } from "../db/schema";
import { DEMO } from "../db/seed";
import { createPlatform, type Platform } from "../index";
import { SandboxFaceProvider } from "../providers/identity/sandbox-face";
import { productionIdentityEnv } from "../../tests/support/aliyun-identity-env";
import { productionPaymentEnv } from "../../tests/support/payment-env";

const PRODUCTION_ENV = {
  APP_ENV: "production",
  DATA_DIR: "memory://",
  // Always a fresh in-memory PGlite, even in the PostgreSQL run, whose one database the other files seed.
  DATABASE_URL: "",
  SMS_PROVIDER: "aliyun",
  ALIYUN_ACCESS_KEY_ID: "LTAI5tFakeKeyId4Tests",
  ALIYUN_ACCESS_KEY_SECRET: "not-used-by-this-test",
  ALIYUN_SMS_SIGN_NAME: "算力云",
  ALIYUN_SMS_TEMPLATE_CODE: "SMS_154950909",
  ALIYUN_SMS_ENDPOINT: "http://127.0.0.1:9",
  EMAIL_PROVIDER: "smtp",
  SMTP_URL: "smtps://user:pass@127.0.0.1:9",
  MAIL_FROM: "noreply@gpu.example",
  ...productionPaymentEnv(),
  ...productionIdentityEnv(),
};

const PERSON = { name: "张三", idNumber: "110101199003078515" };

const SANDBOX_PATHS = [
  "/sandbox/sms",
  "/sandbox/sms.json",
  "/sandbox/email",
  "/sandbox/email.json",
  `/sandbox/wechat/${"ab".repeat(16)}`,
];

describe("a production platform", () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createPlatform({ config: loadPlatformConfig(PRODUCTION_ENV) });
  });
  afterAll(() => platform.close());

  it("has no /sandbox pages", async () => {
    for (const path of SANDBOX_PATHS) {
      const response = await platform.fetch(new Request(`http://x${path}`));
      expect(response.status, path).toBe(404);
    }
  });

  it("has no sandbox session door", async () => {
    const response = await platform.fetch(
      new Request("http://x/sandbox/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone: "13912345678", password: "Passw0rd123" }),
      }),
    );
    expect(response.status).toBe(404);
  });

  it("has no sandbox face page, even for a session in its database", async () => {
    const session = await new SandboxFaceProvider(platform.ctx.db, "https://gpu.example.cn").start(PERSON);
    expect((await platform.fetch(new Request(`http://x${new URL(session.url).pathname}`))).status).toBe(404);
  });

  it("does not seed the demo account", async () => {
    const rows = await platform.ctx.db.select().from(users).where(eq(users.phone, DEMO.phone));
    expect(rows).toEqual([]);
  });
});

describe("a development platform", () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createPlatform({
      config: loadPlatformConfig({ DATA_DIR: "memory://", DATABASE_URL: "" }),
    });
  });
  afterAll(() => platform.close());

  it("seeds the demo account", async () => {
    const rows = await platform.ctx.db.select().from(users).where(eq(users.phone, DEMO.phone));
    expect(rows).toHaveLength(1);
  });

  it("serves the sandbox face page", async () => {
    const session = await new SandboxFaceProvider(platform.ctx.db, "http://localhost:3000").start(PERSON);
    expect((await platform.fetch(new Request(`http://x${new URL(session.url).pathname}`))).status).toBe(200);
  });

  it("serves the sandbox outboxes", async () => {
    for (const path of SANDBOX_PATHS) {
      const response = await platform.fetch(new Request(`http://x${path}`));
      expect(response.status, path).toBe(200);
    }
  });
});
