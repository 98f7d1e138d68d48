/** The platform's configuration: one provider variable each, and what production refuses (decision 026). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadPlatformConfig } from "./config";

const ALIYUN = {
  SMS_PROVIDER: "aliyun",
  ALIYUN_ACCESS_KEY_ID: "LTAI5tFakeKeyId4Tests",
  ALIYUN_ACCESS_KEY_SECRET: "fake-secret",
  ALIYUN_SMS_SIGN_NAME: "算力云",
  ALIYUN_SMS_TEMPLATE_CODE: "SMS_154950909",
};
const SMTP = {
  EMAIL_PROVIDER: "smtp",
  SMTP_URL: "smtps://user:pass@smtp.example.com:465",
  MAIL_FROM: "noreply@gpu.example",
};

const refusal = (env: Record<string, string>) => {
  try {
    loadPlatformConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("outside production", () => {
  it("defaults to the sandbox providers, the sandbox pages and the demo data", () => {
    for (const APP_ENV of [undefined, "development", "test"]) {
      const config = loadPlatformConfig(APP_ENV ? { APP_ENV } : {});
      expect(config).toMatchObject({
        production: false,
        sandbox: true,
        sms: { provider: "sandbox" },
        email: { provider: "sandbox" },
        seedDemo: true,
      });
    }
  });

  it("may use the real providers and keeps the sandbox pages", () => {
    const config = loadPlatformConfig({ ...ALIYUN, ...SMTP });
    expect(config.sandbox).toBe(true);
    expect(config.sms).toMatchObject({ provider: "aliyun", aliyun: { signName: "算力云" } });
    expect(config.email).toEqual({ provider: "smtp", smtpUrl: SMTP.SMTP_URL, from: SMTP.MAIL_FROM });
  });
});

describe("APP_ENV=production", () => {
  it("refuses to start with the providers unset, naming every variable to set", () => {
    const message = refusal({ APP_ENV: "production" });
    for (const name of ["SMS_PROVIDER", "EMAIL_PROVIDER", ...Object.keys(ALIYUN), "SMTP_URL", "MAIL_FROM"])
      expect(message).toContain(name);
  });

  it("refuses sandbox providers set explicitly, each on its own", () => {
    expect(refusal({ APP_ENV: "production", SMS_PROVIDER: "sandbox", ...SMTP })).toMatch(
      /SMS_PROVIDER: APP_ENV=production refuses the sandbox SMS provider/,
    );
    expect(refusal({ APP_ENV: "production", ...ALIYUN, EMAIL_PROVIDER: "sandbox" })).toMatch(
      /EMAIL_PROVIDER: APP_ENV=production refuses the sandbox email provider/,
    );
    expect(refusal({ APP_ENV: "production", ...ALIYUN, EMAIL_PROVIDER: "sandbox" })).not.toContain("SMS_PROVIDER");
  });

  it("refuses the old PROVIDERS=sandbox", () => {
    expect(refusal({ APP_ENV: "production", PROVIDERS: "sandbox" })).toContain("SMS_PROVIDER");
  });

  it("starts with real providers: no sandbox pages, no demo data unless SEED_DEMO=1", () => {
    const config = loadPlatformConfig({ APP_ENV: "production", ...ALIYUN, ...SMTP });
    expect(config).toMatchObject({ production: true, sandbox: false, seedDemo: false });
    expect(loadPlatformConfig({ APP_ENV: "production", ...ALIYUN, ...SMTP, SEED_DEMO: "1" }).seedDemo).toBe(true);
  });
});

describe("the Aliyun and SMTP variables", () => {
  it("are required with their provider", () => {
    const message = refusal({ SMS_PROVIDER: "aliyun", ALIYUN_ACCESS_KEY_ID: "id" });
    expect(message).toContain("ALIYUN_ACCESS_KEY_SECRET: required when SMS_PROVIDER=aliyun");
    expect(message).toContain("ALIYUN_SMS_SIGN_NAME: required when SMS_PROVIDER=aliyun");
    expect(message).toContain("ALIYUN_SMS_TEMPLATE_CODE: required when SMS_PROVIDER=aliyun");
    expect(message).not.toContain("ALIYUN_ACCESS_KEY_ID:");
    expect(refusal({ EMAIL_PROVIDER: "smtp", SMTP_URL: SMTP.SMTP_URL })).toContain(
      "MAIL_FROM: required when EMAIL_PROVIDER=smtp",
    );
  });

  it("validate their values", () => {
    expect(refusal({ ...ALIYUN, ALIYUN_SMS_TEMPLATE_CODE: "154950909" })).toContain("ALIYUN_SMS_TEMPLATE_CODE");
    expect(refusal({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: "not a url" })).toContain("ALIYUN_SMS_ENDPOINT");
    expect(refusal({ ...SMTP, SMTP_URL: "http://smtp.example.com" })).toContain("SMTP_URL");
    expect(refusal({ SMS_PROVIDER: "tencent" })).toMatch(/SMS_PROVIDER: .*'sandbox' \| 'aliyun'/);
    expect(loadPlatformConfig({ SMS_PROVIDER: "", EMAIL_PROVIDER: "" }).sms).toEqual({ provider: "sandbox" });
  });

  it("take one template per purpose, or the shared one, and the endpoint for a local fake", () => {
    const config = loadPlatformConfig({
      ...ALIYUN,
      ALIYUN_SMS_TEMPLATE_CODE_LOGIN: "SMS_2",
      ALIYUN_SMS_ENDPOINT: "http://127.0.0.1:3601",
    });
    if (config.sms.provider !== "aliyun") throw new Error("expected aliyun");
    expect(config.sms.aliyun.templateCodes).toEqual({
      register: "SMS_154950909",
      login: "SMS_2",
      company_register: "SMS_154950909",
      unregister: "SMS_154950909",
    });
    expect(config.sms.aliyun.endpoint.href).toBe("http://127.0.0.1:3601/");
    expect(loadPlatformConfig(ALIYUN).sms).toMatchObject({
      aliyun: { endpoint: new URL("https://dysmsapi.aliyuncs.com") },
    });
  });

  it("never show a secret in a refusal", () => {
    const message = refusal({ ...ALIYUN, ALIYUN_SMS_SIGN_NAME: "", APP_ENV: "production", ...SMTP, MAIL_FROM: "" });
    expect(message).not.toContain(ALIYUN.ALIYUN_ACCESS_KEY_SECRET);
    expect(message).not.toContain("user:pass");
  });
});

describe("the Dockerfile's production image", () => {
  it("sets no provider: the deployment's configuration does", () => {
    const dockerfile = readFileSync(new URL("../Dockerfile", import.meta.url), "utf8");
    const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
    const env = runtime.slice(runtime.indexOf("ENV "), runtime.indexOf("WORKDIR"));
    expect(env).toContain("APP_ENV=production");
    expect(env).not.toMatch(/PROVIDER/);
  });
});
