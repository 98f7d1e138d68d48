/**
 * /auth/send_verify_code when the real SMS gateway (Aliyun, against the local fake of
 * tests/support/fake-aliyun-sms.ts) refuses: a catalogue refusal beside the phone, never a 500,
 * and the unsent code neither works nor counts against the per-phone limits.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCodes } from "../db/schema";
import { AliyunSmsProvider } from "../providers/sms/aliyun";
import { startFakeAliyunSms, type FakeAliyunSms } from "../../tests/support/fake-aliyun-sms";
import { CLIENT_ADDRESS_HEADER } from "../contract/security";
import { startTestPlatform, uniqueIp, uniquePhone, type TestPlatform } from "../../tests/support/platform";

const KEY_ID = "LTAI5tFakeKeyId4Tests";
const SECRET = "fAkE-SeCrEt-for-the-platform-test";

let t: TestPlatform;
let fake: FakeAliyunSms;
beforeAll(async () => {
  t = await startTestPlatform();
  fake = await startFakeAliyunSms({ [KEY_ID]: SECRET });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const aliyun = (secret: string) =>
  new AliyunSmsProvider(
    {
      accessKeyId: KEY_ID,
      accessKeySecret: secret,
      signName: "算力云",
      templateCodes: {
        register: "SMS_1",
        login: "SMS_2",
        company_register: "SMS_3",
        unregister: "SMS_4",
        reset_password: "SMS_5",
        bank_card: "SMS_6",
        change_phone: "SMS_7",
        wechat_unbind: "SMS_8",
      },
      endpoint: new URL(fake.url),
    },
    () => {},
  );

/** Each request from an address of its own: only the per-phone rules under test apply (the sender rules: auth-challenge.test.ts). */
const send = (phone: string, purpose = "register") =>
  t.post("/auth/send_verify_code", { phone, purpose }, { [CLIENT_ADDRESS_HEADER]: uniqueIp() });

describe("send_verify_code through Aliyun", () => {
  it("delivers the code through the gateway when it accepts", async () => {
    t.ctx.providers.sms = aliyun(SECRET);
    const phone = uniquePhone();
    const reply = await send(phone);
    expect(reply.body).toMatchObject({ status: 0 });
    const delivered = fake.requests.filter((r) => r.phone === phone);
    expect(delivered).toEqual([expect.objectContaining({ accepted: true, templateCode: "SMS_1" })]);
    const registered = await t.post("/register", {
      phone,
      code: delivered[0]!.code,
      password: "Passw0rd123",
      agree: "1",
    });
    expect(registered.body).toMatchObject({ status: 0 });
  });

  it("answers 短信发送失败 beside the phone when the gateway refuses, and the unsent code is void", async () => {
    const phone = uniquePhone();
    fake.refusePhone(phone, "isv.BUSINESS_LIMIT_CONTROL", "触发号码天级流控");
    t.ctx.providers.sms = aliyun(SECRET);
    const refused = await send(phone);
    expect(refused.http).toBe(200);
    expect(refused.body).toEqual({
      status: 1,
      reason: "短信发送失败，请稍后再试",
      key: "SMS_SEND_FAILED",
      data: { field: "phone" },
    });
    const unsent = fake.requests.find((r) => r.phone === phone)!;
    expect(unsent.code).toMatch(/^\d{6}$/);
    expect(await t.db.select().from(verifyCodes).where(eq(verifyCodes.phone, phone))).toEqual([]);
    const withUnsent = await t.post("/register", { phone, code: unsent.code, password: "Passw0rd123", agree: "1" });
    expect(withUnsent.body).toMatchObject({ status: 1, reason: "验证码错误或已过期" });
  });

  it("lets the phone ask again at once after a failure (it did not count as sent)", async () => {
    const phone = uniquePhone();
    t.ctx.providers.sms = aliyun(`${SECRET}-tampered`);
    expect((await send(phone)).body).toMatchObject({ status: 1, key: "SMS_SEND_FAILED" });
    expect(fake.requests.at(-1)).toMatchObject({ accepted: false, refusal: "SignatureDoesNotMatch" });
    t.ctx.providers.sms = aliyun(SECRET);
    expect((await send(phone)).body).toMatchObject({ status: 0 });
    expect(fake.requests.at(-1)).toMatchObject({ accepted: true, phone });
  });
});
