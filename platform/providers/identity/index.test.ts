/** createIdentityProviders: the sandbox by default, Aliyun when configured (decision 098). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlatformConfig } from "../../config";
import { startFakeAliyunIdentity, type FakeAliyunIdentity } from "../../../tests/support/fake-aliyun-identity";
import {
  FAKE_ALIYUN_KEY_ID,
  FAKE_ALIYUN_SECRET,
  FAKE_FACE_SCENE_ID,
  fakeAliyunIdentityConfig,
} from "../../../tests/support/aliyun-identity-env";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { createIdentityProviders } from "./index";
import { SandboxFaceProvider } from "./sandbox-face";
import { SandboxOcrProvider } from "./sandbox-ocr";

let t: TestPlatform;
let fake: FakeAliyunIdentity;
const PERSON = { name: "张三", idNumber: "110101199003078515" };
const config = (identity: PlatformConfig["identity"]): Pick<PlatformConfig, "identity" | "payments"> => ({
  identity,
  payments: {
    publicUrl: "https://gpu.example.cn",
    transfer: null,
    sandboxSecret: "identity-test-secret-0123456789abcdef",
    wechat: { provider: "sandbox" },
    alipay: { provider: "sandbox" },
  },
});

beforeAll(async () => {
  t = await startTestPlatform();
  fake = await startFakeAliyunIdentity({ [FAKE_ALIYUN_KEY_ID]: FAKE_ALIYUN_SECRET }, { sceneId: FAKE_FACE_SCENE_ID });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

describe("createIdentityProviders", () => {
  it("builds the sandbox: OCR by file name, the face page on the site's origin, no bank card of its own", async () => {
    const providers = createIdentityProviders(config({ provider: "sandbox" }), t.db, { now: t.clock.now });
    expect(providers.ocr).toBeInstanceOf(SandboxOcrProvider);
    expect(providers.face).toBeInstanceOf(SandboxFaceProvider);
    expect(providers.bankCard).toBeUndefined();
    const session = await providers.face.start(PERSON);
    expect(session.url).toBe(`https://gpu.example.cn/sandbox/face/${session.sessionId}`);
    await expect(providers.face.result(session.sessionId)).resolves.toEqual({ state: "pending" });
  });

  it("builds Aliyun's adapters (loaded on their first call), the phone sent back to the verification page", async () => {
    const providers = createIdentityProviders(
      config({ provider: "aliyun", aliyun: fakeAliyunIdentityConfig(fake.url) }),
      t.db,
    );
    expect(providers.ocr).not.toBeInstanceOf(SandboxOcrProvider);
    expect(providers.face).not.toBeInstanceOf(SandboxFaceProvider);
    expect(providers.bankCard).toBeDefined();
    await providers.face.start(PERSON);
    expect(fake.requests).toEqual([
      expect.objectContaining({
        action: "InitFaceVerify",
        accepted: true,
        params: expect.objectContaining({ ReturnUrl: "https://gpu.example.cn/console/verification" }),
      }),
    ]);
    // The bank card check is Aliyun's too: its call reaches the fake's BankMetaVerify.
    await providers.bankCard!.verify({ ...PERSON, cardNumber: "6222021234567890128", phone: "13912345678" });
    expect(fake.requests.at(-1)).toEqual(expect.objectContaining({ action: "BankMetaVerify" }));
  });
});
