/**
 * `npm run start:platform` with APP_ENV=production: it stops at once, naming the variables to set,
 * while a provider is the sandbox (the README's former deployment line set PROVIDERS=sandbox, which
 * published every SMS code on /sandbox/sms.json).
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { productionIdentityEnv } from "../tests/support/aliyun-identity-env";
import { productionPaymentEnv } from "../tests/support/payment-env";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Starts the platform alone; resolves when it exits, or when it listens (then stops it). */
function startPlatform(
  env: Record<string, string>,
): Promise<{ exitCode: number | null; output: string; listened: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "platform/main.ts"], {
      cwd: ROOT,
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        HOST: "127.0.0.1",
        PORT: "3641",
        DATA_DIR: "memory://",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let listened = false;
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (!listened && output.includes("listening on")) {
        listened = true;
        child.kill("SIGTERM");
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", reject);
    child.on("exit", (exitCode) => resolve({ exitCode, output, listened }));
  });
}

describe("a production start of the platform", () => {
  it("refuses the sandbox providers of the old README line (PROVIDERS=sandbox)", async () => {
    const run = await startPlatform({ APP_ENV: "production", PROVIDERS: "sandbox" });
    expect(run.listened).toBe(false);
    expect(run.exitCode).not.toBe(0);
    expect(run.output).toContain("SMS_PROVIDER: APP_ENV=production refuses the sandbox SMS provider");
    expect(run.output).toContain("EMAIL_PROVIDER: APP_ENV=production refuses the sandbox email provider");
    expect(run.output).toContain("PAYMENT_WECHAT: APP_ENV=production refuses the sandbox payment provider");
    expect(run.output).toContain("PAYMENT_ALIPAY: APP_ENV=production refuses the sandbox payment provider");
    expect(run.output).toContain("IDENTITY_PROVIDER: APP_ENV=production refuses the sandbox identity provider");
  });

  it("refuses SMS_PROVIDER=sandbox even with a real email provider", async () => {
    const run = await startPlatform({
      APP_ENV: "production",
      SMS_PROVIDER: "sandbox",
      EMAIL_PROVIDER: "smtp",
      SMTP_URL: "smtps://user:pass@127.0.0.1:9",
      MAIL_FROM: "noreply@gpu.example",
    });
    expect(run.listened).toBe(false);
    expect(run.output).toContain("SMS_PROVIDER");
    expect(run.output).not.toContain("user:pass");
  });

  it("starts with real providers", async () => {
    const run = await startPlatform({
      APP_ENV: "production",
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
    expect(run.listened).toBe(true);
  });
});
