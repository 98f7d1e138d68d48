/**
 * Aliyun's bank card four-element check (Cloudauth BankMetaVerify) against the local fake
 * (tests/support/fake-aliyun-identity.ts), which recomputes each request's ACS3-HMAC-SHA256 signature and checks
 * its fields.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeAliyunIdentity, type FakeAliyunIdentity } from "../../../tests/support/fake-aliyun-identity";
import { captureConsole } from "../../../tests/support/capture-console";
import {
  FAKE_ALIYUN_KEY_ID,
  FAKE_ALIYUN_SECRET,
  FAKE_FACE_SCENE_ID,
  fakeAliyunIdentityConfig,
} from "../../../tests/support/aliyun-identity-env";
import { AliyunBankCardProvider } from "./aliyun-bank-card";

let fake: FakeAliyunIdentity;
let lines: string[] = [];
const HOLDER = {
  name: "张三",
  idNumber: "110101199003078515",
  cardNumber: "6222021234567890128",
  phone: "13912345678",
};
const bank = (secret?: string, url = fake.url) =>
  new AliyunBankCardProvider(fakeAliyunIdentityConfig(url, { accessKeySecret: secret }), (line) => lines.push(line));

beforeAll(async () => {
  fake = await startFakeAliyunIdentity({ [FAKE_ALIYUN_KEY_ID]: FAKE_ALIYUN_SECRET }, { sceneId: FAKE_FACE_SCENE_ID });
  fake.setBankCard(HOLDER);
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  lines = [];
  vi.restoreAllMocks();
});

describe("AliyunBankCardProvider", () => {
  it("matches the four elements with BankMetaVerify (BANK_CARD_4_META, VERIFY_BANK_CARD), signed", async () => {
    await expect(bank().verify(HOLDER)).resolves.toEqual({ match: true });
    expect(fake.requests).toEqual([
      expect.objectContaining({
        action: "BankMetaVerify",
        accepted: true,
        params: expect.objectContaining({
          ParamType: "normal",
          ProductType: "BANK_CARD_4_META",
          VerifyMode: "VERIFY_BANK_CARD",
          UserName: HOLDER.name,
          IdentifyNum: HOLDER.idNumber,
          BankCard: HOLDER.cardNumber,
          Mobile: HOLDER.phone,
        }),
      }),
    ]);
    expect(fake.requests[0]!.raw).toContain("x-acs-version: 2019-03-07");
  });

  it("answers a mismatch the user is told about: another phone (BizCode 2), an unknown card (BizCode 3)", async () => {
    await expect(bank().verify({ ...HOLDER, phone: "13900000000" })).resolves.toEqual({
      match: false,
      reason: expect.stringContaining("不一致"),
    });
    await expect(bank().verify({ ...HOLDER, cardNumber: "6222021234567890136" })).resolves.toEqual({
      match: false,
      reason: expect.stringContaining("查无"),
    });
  });

  it("Code 401 is REFUSED; a refused signature, another Code, a server error or no answer is UNAVAILABLE", async () => {
    fake.failNext("BankMetaVerify", { status: 200, code: "401", message: "参数非法" });
    await expect(bank().verify(HOLDER)).rejects.toMatchObject({ name: "IdentityProviderError", code: "REFUSED" });
    fake.failNext("BankMetaVerify", { status: 200, code: "500", message: "系统错误" });
    await expect(bank().verify(HOLDER)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    fake.failNext("BankMetaVerify", { status: 500, code: "InternalError", message: "error" });
    await expect(bank().verify(HOLDER)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await expect(bank(`${FAKE_ALIYUN_SECRET}x`).verify(HOLDER)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(fake.requests.at(-1)).toMatchObject({ accepted: false, refusal: "SignatureDoesNotMatch" });
    await expect(bank(undefined, "http://127.0.0.1:9").verify(HOLDER)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(lines).toHaveLength(5);
  });

  it("never logs nor puts in an error the name, the ID, card or phone number, or the key", async () => {
    captureConsole(lines);
    const bank = (secret?: string, url = fake.url) =>
      new AliyunBankCardProvider(fakeAliyunIdentityConfig(url, { accessKeySecret: secret }));
    fake.failNext("BankMetaVerify", {
      status: 400,
      code: "InvalidParameter",
      message: `BankCard ${HOLDER.cardNumber}`,
    });
    const errors = [
      await bank()
        .verify(HOLDER)
        .catch((e: Error) => e.message),
      await bank(`${FAKE_ALIYUN_SECRET}x`)
        .verify(HOLDER)
        .catch((e: Error) => e.message),
      await bank(undefined, "http://127.0.0.1:9")
        .verify(HOLDER)
        .catch((e: Error) => e.message),
    ];
    expect(lines).toHaveLength(3);
    const said = [...lines, ...errors].join("\n");
    for (const secret of [HOLDER.name, HOLDER.idNumber, HOLDER.cardNumber, HOLDER.phone, FAKE_ALIYUN_SECRET])
      expect(said).not.toContain(secret);
  });
});
