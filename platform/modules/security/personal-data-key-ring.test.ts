/** The personal data key ring's configuration (decision 096): required in production, generated once in development. */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { productionIdentityEnv } from "../../../tests/support/aliyun-identity-env";
import { productionPaymentEnv } from "../../../tests/support/payment-env";
import { loadPlatformConfig } from "../../config";
import { openPersonalText, sealPersonalData } from "./personal-data-cipher";
import { personalDataKeyFile, resolvePersonalDataKeys } from "./personal-data-key-ring";

const KEY_A = "0a".repeat(32);
const KEY_B = "1b".repeat(32);
const HASH = "2c".repeat(32);

const PRODUCTION = {
  APP_ENV: "production",
  SMS_PROVIDER: "aliyun",
  ALIYUN_ACCESS_KEY_ID: "LTAI5tFakeKeyId4Tests",
  ALIYUN_ACCESS_KEY_SECRET: "fake-secret",
  ALIYUN_SMS_SIGN_NAME: "算力云",
  ALIYUN_SMS_TEMPLATE_CODE: "SMS_154950909",
  EMAIL_PROVIDER: "smtp",
  SMTP_URL: "smtps://user:pass@smtp.example.com:465",
  MAIL_FROM: "noreply@gpu.example",
  ...productionPaymentEnv(),
  ...productionIdentityEnv(),
};

const refusal = (env: Record<string, string | undefined>) => {
  try {
    loadPlatformConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("PERSONAL_DATA_KEYS and PERSONAL_DATA_HASH_KEY", () => {
  it("production refuses to start without them, saying how to write them", () => {
    const message = refusal({ ...PRODUCTION, PERSONAL_DATA_KEYS: undefined, PERSONAL_DATA_HASH_KEY: undefined });
    expect(message).toMatch(/PERSONAL_DATA_KEYS, PERSONAL_DATA_HASH_KEY: APP_ENV=production requires/);
    expect(message).toContain("<id>:<64 hex digits>");
    expect(() => resolvePersonalDataKeys({ production: true, dataDir: mkdtempSync(join(tmpdir(), "pdk-")) })).toThrow(
      /PERSONAL_DATA_KEYS/,
    );
  });

  it("production starts with them; the first key of the ring seals, an older one still opens", () => {
    const config = loadPlatformConfig({
      ...PRODUCTION,
      PERSONAL_DATA_KEYS: `k2:${KEY_B},k1:${KEY_A}`,
      PERSONAL_DATA_HASH_KEY: HASH,
    });
    const keys = resolvePersonalDataKeys(config);
    expect(keys.currentKeyId).toBe("k2");
    const old = sealPersonalData({ ...keys, currentKeyId: "k1" }, "110101199003078515", "verification:1:id_number");
    expect(openPersonalText(keys, old, "verification:1:id_number")).toBe("110101199003078515");
    expect(sealPersonalData(keys, "x", "c").split(".")[1]).toBe("k2");
  });

  it("one without the other, or a malformed key, is refused without printing any key", () => {
    expect(refusal({ PERSONAL_DATA_KEYS: `k1:${KEY_A}` })).toContain(
      "PERSONAL_DATA_HASH_KEY: required with PERSONAL_DATA_KEYS",
    );
    expect(refusal({ PERSONAL_DATA_HASH_KEY: HASH })).toContain("PERSONAL_DATA_KEYS: required with");
    const short = refusal({ PERSONAL_DATA_KEYS: `k1:${KEY_A.slice(2)}`, PERSONAL_DATA_HASH_KEY: HASH });
    expect(short).toContain("personal data key k1 must be 64 hex digits");
    expect(short).not.toContain(KEY_A.slice(2));
    expect(short).not.toContain(HASH);
    const twice = refusal({ PERSONAL_DATA_KEYS: `k1:${KEY_A},k1:${KEY_B}`, PERSONAL_DATA_HASH_KEY: HASH });
    expect(twice).toContain("appears twice");
    expect(twice).not.toContain(KEY_B);
  });

  it("outside production a ring is generated once into DATA_DIR (owner-only) and read back on the next start", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pdk-"));
    const first = resolvePersonalDataKeys({ production: false, dataDir });
    const file = personalDataKeyFile(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toMatch(
      /^PERSONAL_DATA_KEYS=dev1:[0-9a-f]{64}\nPERSONAL_DATA_HASH_KEY=[0-9a-f]{64}\n$/,
    );
    const sealed = sealPersonalData(first, "6222021234567890128", "verification:7:card_number");
    const second = resolvePersonalDataKeys({ production: false, dataDir });
    expect(openPersonalText(second, sealed, "verification:7:card_number")).toBe("6222021234567890128");
    expect(second.hashKey.equals(first.hashKey)).toBe(true);
  });

  it("a damaged key file stops the start instead of being replaced (its values would never open again)", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pdk-"));
    writeFileSync(personalDataKeyFile(dataDir), "PERSONAL_DATA_KEYS=dev1:zz\n");
    expect(() => resolvePersonalDataKeys({ production: false, dataDir })).toThrow(/not a personal data key file/);
    expect(readFileSync(personalDataKeyFile(dataDir), "utf8")).toBe("PERSONAL_DATA_KEYS=dev1:zz\n");
  });

  it("an in-memory database (tests) gets a ring of its own and writes nothing", () => {
    const a = resolvePersonalDataKeys({ production: false, dataDir: "memory://" });
    const b = resolvePersonalDataKeys({ production: false, dataDir: "memory://" });
    expect(a.hashKey.equals(b.hashKey)).toBe(false);
  });
});

describe("the verification limits", () => {
  it("default to 1 account per ID number, 5 attempts a day per account and per ID number, 8 GPUs unverified, files kept 30 days", () => {
    expect(loadPlatformConfig({}).verification).toEqual({
      idNumberMaxAccounts: 1,
      attemptsPerAccountDay: 5,
      attemptsPerIdDay: 5,
      unverifiedGpuLimit: 8,
      fileRetentionDays: 30,
    });
  });

  it("are read from their variables and checked", () => {
    expect(
      loadPlatformConfig({
        VERIFICATION_ID_MAX_ACCOUNTS: "2",
        VERIFICATION_ATTEMPTS_PER_ACCOUNT_DAY: "3",
        VERIFICATION_ATTEMPTS_PER_ID_DAY: "4",
        UNVERIFIED_GPU_LIMIT: "0",
        VERIFICATION_FILE_RETENTION_DAYS: "7",
      }).verification,
    ).toEqual({
      idNumberMaxAccounts: 2,
      attemptsPerAccountDay: 3,
      attemptsPerIdDay: 4,
      unverifiedGpuLimit: 0,
      fileRetentionDays: 7,
    });
    expect(refusal({ VERIFICATION_FILE_RETENTION_DAYS: "0" })).toContain("VERIFICATION_FILE_RETENTION_DAYS");
    expect(refusal({ VERIFICATION_ID_MAX_ACCOUNTS: "0" })).toContain("VERIFICATION_ID_MAX_ACCOUNTS must be at least 1");
    expect(refusal({ UNVERIFIED_GPU_LIMIT: "many" })).toContain("UNVERIFIED_GPU_LIMIT must be a whole number");
  });
});
