/**
 * The Aliyun SMS provider against a local fake of dysmsapi (tests/support/fake-aliyun-sms.ts),
 * which recomputes the ACS3-HMAC-SHA256 signature of each request from its canonical form as
 * Aliyun documents it: https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AliyunSmsConfig } from "../../config";
import { startFakeAliyunSms, type FakeAliyunSms } from "../../../tests/support/fake-aliyun-sms";
import { AliyunSmsProvider } from "./aliyun";
import { SmsSendError } from "./types";

const KEY_ID = "LTAI5tFakeKeyId4Tests";
const SECRET = "fAkE-SeCrEt-0123456789abcdefghij";

let fake: FakeAliyunSms;
const config = (overrides: Partial<AliyunSmsConfig> = {}): AliyunSmsConfig => ({
  accessKeyId: KEY_ID,
  accessKeySecret: SECRET,
  signName: "算力云",
  templateCodes: {
    register: "SMS_100001",
    login: "SMS_100002",
    company_register: "SMS_100003",
    unregister: "SMS_100004",
    reset_password: "SMS_100005",
    bank_card: "SMS_100006",
    change_phone: "SMS_100007",
    wechat_unbind: "SMS_100008",
  },
  endpoint: new URL(fake.url),
  ...overrides,
});

beforeAll(async () => {
  fake = await startFakeAliyunSms({ [KEY_ID]: SECRET });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  vi.restoreAllMocks();
});

describe("AliyunSmsProvider", () => {
  it("sends SendSms, signed with the key, with the phone, sign name, template and {code}", async () => {
    const provider = new AliyunSmsProvider(config(), () => {});
    await provider.sendCode({ phone: "13912345678", purpose: "login", code: "042917" });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      accepted: true,
      phone: "13912345678",
      signName: "算力云",
      templateCode: "SMS_100002",
      code: "042917",
    });
    expect(fake.requests[0]!.raw).toContain("x-acs-action: SendSms");
    expect(fake.requests[0]!.raw).toContain("x-acs-version: 2017-05-25");
    expect(fake.requests[0]!.raw).toContain(`Credential=${KEY_ID},`);
  });

  it("uses the template of each purpose", async () => {
    const provider = new AliyunSmsProvider(config(), () => {});
    await provider.sendCode({ phone: "13912345678", purpose: "register", code: "111111" });
    await provider.sendCode({ phone: "13912345678", purpose: "unregister", code: "222222" });
    expect(fake.requests.map((r) => [r.accepted, r.templateCode, r.code])).toEqual([
      [true, "SMS_100001", "111111"],
      [true, "SMS_100004", "222222"],
    ]);
  });

  it("fails when the secret is wrong: the fake refuses the signature", async () => {
    const provider = new AliyunSmsProvider(config({ accessKeySecret: `${SECRET}x` }), () => {});
    await expect(provider.sendCode({ phone: "13912345678", purpose: "login", code: "123456" })).rejects.toThrow(
      SmsSendError,
    );
    expect(fake.requests).toEqual([expect.objectContaining({ accepted: false, refusal: "SignatureDoesNotMatch" })]);
  });

  it("is refused by the fake when a signed field is changed, or the request is replayed", async () => {
    const provider = new AliyunSmsProvider(config(), () => {});
    await provider.sendCode({ phone: "13912345678", purpose: "login", code: "123456" });
    const signed = fake.requests[0]!;
    expect(signed.accepted).toBe(true);
    const resend = (url: string, headers: Record<string, string>) =>
      fetch(`${fake.url}${url}`, { method: "POST", headers });
    const { host: _host, connection: _connection, "content-length": _length, ...headers } = signed.headers;
    const otherPhone = signed.url.replace("13912345678", "13912345679");
    expect(otherPhone).not.toBe(signed.url);
    const tampered = await resend(otherPhone, { ...headers, "x-acs-signature-nonce": "fresh-nonce-1" });
    expect(tampered.status).toBe(400);
    expect(((await tampered.json()) as { Code: string }).Code).toBe("SignatureDoesNotMatch");
    const replayed = await resend(signed.url, headers);
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as { Code: string }).Code).toBe("SignatureNonceUsed");
  });

  it("fails on a reply whose Code is not OK", async () => {
    fake.refusePhone("13700000001", "isv.BUSINESS_LIMIT_CONTROL", "触发号码天级流控");
    const provider = new AliyunSmsProvider(config(), () => {});
    const sent = provider.sendCode({ phone: "13700000001", purpose: "register", code: "654321" });
    await expect(sent).rejects.toMatchObject({ name: "SmsSendError", providerCode: "isv.BUSINESS_LIMIT_CONTROL" });
  });

  it("sends a GPU free notice with its own template and variables; without that template nothing is sent", async () => {
    const provider = new AliyunSmsProvider(config({ noticeTemplateCodes: { gpu_free: "SMS_100007" } }), () => {});
    await provider.sendNotice({
      phone: "13912345678",
      template: "gpu_free",
      params: { instance: "训练机", gpus: "2" },
    });
    expect(fake.requests.map((r) => [r.accepted, r.templateCode, r.variables])).toEqual([
      [true, "SMS_100007", { instance: "训练机", gpus: "2" }],
    ]);
    await expect(
      provider.sendNotice({ phone: "13912345678", template: "work_order_reply", params: { order: "12" } }),
    ).rejects.toMatchObject({ providerCode: "NO_TEMPLATE" });
    expect(fake.requests).toHaveLength(1);
  });

  it("fails when the gateway cannot be reached", async () => {
    const provider = new AliyunSmsProvider(config({ endpoint: new URL("http://127.0.0.1:9") }), () => {});
    await expect(provider.sendCode({ phone: "13912345678", purpose: "login", code: "123456" })).rejects.toThrow(
      SmsSendError,
    );
  });

  it("never puts the secret in a log line nor on the wire; the log has neither the code nor the whole phone", async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => lines.push(args.map(String).join(" "));
    for (const level of ["log", "info", "warn", "error", "debug"] as const)
      vi.spyOn(console, level).mockImplementation(capture);
    fake.refusePhone("13700000002", "isv.BUSINESS_LIMIT_CONTROL", `secret echo ${SECRET}`);
    const ok = new AliyunSmsProvider(config());
    const tampered = new AliyunSmsProvider(config({ accessKeySecret: `${SECRET}x` }));
    await ok.sendCode({ phone: "13912345678", purpose: "login", code: "314159" });
    await expect(ok.sendCode({ phone: "13700000002", purpose: "login", code: "271828" })).rejects.toThrow();
    await expect(tampered.sendCode({ phone: "13912345678", purpose: "login", code: "161803" })).rejects.toThrow();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const logged = lines.join("\n");
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain("271828");
    expect(logged).not.toContain("13700000002");
    expect(logged).toContain("137****0002");
    expect(logged).toContain("isv.BUSINESS_LIMIT_CONTROL");
    for (const request of fake.requests) expect(request.raw).not.toContain(SECRET);
  });
});
