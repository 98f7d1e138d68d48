/** The WeChat Pay v3 adapter against a local fake that checks signatures as WeChat Pay does. */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWechatPay, type FakeWechatPay } from "../../../tests/support/fake-wechatpay";
import type { WechatPayConfig } from "../../config";
import { PaymentProviderError } from "./types";
import { WechatPayProvider, beijingTime } from "./wechatpay";

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const stranger = rsa();
const API_V3_KEY = "0123456789abcdefghijklmnopqrstuv";
const pem = (key: { export(o: object): string | Buffer }, type: "pkcs8" | "spki") =>
  key.export({ type, format: "pem" }).toString();

let fake: FakeWechatPay;
let config: WechatPayConfig;
const logs: string[] = [];
const provider = (now?: () => Date) => new WechatPayProvider(config, { now, log: (line) => logs.push(line) });

const order = (outTradeNo: string, amountFen = 12_345) => ({
  outTradeNo,
  amountFen,
  description: "账户充值 123.45 元",
  expiresAt: new Date(Date.now() + 15 * 60_000),
  notifyUrl: "https://gpu.example.cn/api/pay/notify/wechat",
});

beforeAll(async () => {
  fake = await startFakeWechatPay({
    appId: "wx8888888888888888",
    mchId: "1900009191",
    merchantSerial: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
    merchantPublicKey: merchant.publicKey,
    platformSerial: "PUB_KEY_ID_0114232134912410000000000000",
    platformPrivateKey: platform.privateKey,
    apiV3Key: API_V3_KEY,
  });
  config = {
    appId: "wx8888888888888888",
    mchId: "1900009191",
    serialNo: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
    privateKey: pem(merchant.privateKey, "pkcs8"),
    apiV3Key: API_V3_KEY,
    platformCert: pem(platform.publicKey, "spki"),
    platformSerial: "PUB_KEY_ID_0114232134912410000000000000",
    baseUrl: new URL(fake.url),
  };
});
afterAll(() => fake.close());

describe("requests signed with the merchant key", () => {
  it("creates a Native payment and returns its code_url as the QR content", async () => {
    const request = order("R20261123000001");
    const { qrContent } = await provider().createQr(request);
    expect(qrContent).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", url: "/v3/pay/transactions/native", accepted: true });
    expect(fake.orders.get("R20261123000001")).toMatchObject({
      amountFen: 12_345,
      description: "账户充值 123.45 元",
      notifyUrl: "https://gpu.example.cn/api/pay/notify/wechat",
      timeExpire: beijingTime(request.expiresAt),
      codeUrl: qrContent,
    });
  });

  it("is refused by WeChat Pay when signed with another key, and says so", async () => {
    const wrong = new WechatPayProvider(
      { ...config, privateKey: pem(stranger.privateKey, "pkcs8") },
      { log: () => {} },
    );
    const error = await wrong.createQr(order("R20261123000002")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).providerCode).toBe("SIGN_ERROR");
    expect(fake.requests.at(-1)).toMatchObject({ accepted: false, refusal: expect.stringMatching(/signature/) });
  });

  it("refuses an answer not signed with the platform key", async () => {
    const fooled = new WechatPayProvider(
      { ...config, platformCert: pem(stranger.publicKey, "spki") },
      { log: (line) => logs.push(line) },
    );
    const error = await fooled.createQr(order("R20261123000003")).catch((e: unknown) => e);
    expect((error as PaymentProviderError).providerCode).toBe("RESPONSE_SIGNATURE");
  });

  it("queries an order: pending, then paid with the payment's details, and closes one", async () => {
    const wechat = provider();
    await wechat.createQr(order("R20261123000004", 5_000));
    expect(await wechat.queryOrder("R20261123000004")).toEqual({ state: "pending" });
    const paid = fake.pay("R20261123000004");
    expect(await wechat.queryOrder("R20261123000004")).toEqual({
      state: "paid",
      event: {
        outTradeNo: "R20261123000004",
        amountFen: 5_000,
        providerTradeNo: paid.transactionId,
        paidAt: new Date(paid.successTime!),
      },
    });
    expect(fake.requests.at(-1)?.url).toBe("/v3/pay/transactions/out-trade-no/R20261123000004?mchid=1900009191");

    await wechat.createQr(order("R20261123000005"));
    await wechat.closeOrder("R20261123000005");
    expect(fake.orders.get("R20261123000005")?.state).toBe("CLOSED");
    expect(await wechat.queryOrder("R20261123000005")).toEqual({ state: "closed" });
    await wechat.closeOrder("R20261123000005");
    expect(await wechat.queryOrder("R20261123000099")).toEqual({ state: "unknown" });
    await expect(wechat.closeOrder("R20261123000004")).rejects.toMatchObject({ providerCode: "ORDERPAID" });
  });
});

describe("callbacks", () => {
  let outTradeNo: string;
  beforeAll(async () => {
    outTradeNo = "R20261123000010";
    await provider().createQr(order(outTradeNo, 10_000));
    fake.pay(outTradeNo);
  });

  it("verifies a signed callback, decrypts it and reads the payment", async () => {
    const verdict = await provider().verifyCallback(fake.callback(outTradeNo));
    const paid = fake.orders.get(outTradeNo)!;
    expect(verdict).toEqual({
      verified: true,
      event: {
        outTradeNo,
        amountFen: 10_000,
        providerTradeNo: paid.transactionId,
        paidAt: new Date(paid.successTime!),
      },
    });
  });

  it("refuses a callback signed with another key", async () => {
    expect(await provider().verifyCallback(fake.callback(outTradeNo, { signWith: stranger.privateKey }))).toEqual({
      verified: false,
      reason: "signature",
      detail: "signature does not match",
    });
  });

  it("refuses a callback whose amount was changed after signing", async () => {
    const verdict = await provider().verifyCallback(fake.callback(outTradeNo, { amountAfterSigning: 1_000_000 }));
    expect(verdict).toMatchObject({ verified: false, reason: "signature" });
  });

  it("refuses a callback naming another platform serial", async () => {
    const verdict = await provider().verifyCallback(fake.callback(outTradeNo, { serial: "PUB_KEY_ID_OTHER" }));
    expect(verdict).toMatchObject({ verified: false, reason: "signature", detail: expect.stringMatching(/Serial/) });
  });

  it("refuses a stale callback, and one from the future, by the injected clock", async () => {
    const sent = fake.callback(outTradeNo);
    const later = () => new Date(Date.now() + 5 * 60_000 + 5_000);
    expect(await provider(later).verifyCallback(sent)).toEqual({
      verified: false,
      reason: "signature",
      detail: "timestamp outside five minutes",
    });
    const earlier = () => new Date(Date.now() - 6 * 60_000);
    expect(await provider(earlier).verifyCallback(sent)).toMatchObject({ verified: false, reason: "signature" });
    const stale = fake.callback(outTradeNo, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(await provider().verifyCallback(stale)).toMatchObject({ verified: false, reason: "signature" });
  });

  it("refuses malformed callbacks: no headers, not JSON, a resource the APIv3 key does not open", async () => {
    const good = fake.callback(outTradeNo);
    expect(await provider().verifyCallback({ body: good.body, headers: new Headers() })).toEqual({
      verified: false,
      reason: "signature",
      detail: "missing or malformed signature headers",
    });
    const wrongKey = new WechatPayProvider({ ...config, apiV3Key: "vutsrqponmlkjihgfedcba9876543210" });
    expect(await wrongKey.verifyCallback(good)).toMatchObject({ verified: false, reason: "malformed" });
    expect(await provider().verifyCallback(fake.callback(outTradeNo, { body: "not json" }))).toEqual({
      verified: false,
      reason: "malformed",
      detail: "body is not JSON",
    });
    const noResource = fake.callback(outTradeNo, { body: JSON.stringify({ event_type: "TRANSACTION.SUCCESS" }) });
    expect(await provider().verifyCallback(noResource)).toMatchObject({ verified: false, reason: "malformed" });
    const truncated = fake.callback(outTradeNo, { tamper: (body) => body.slice(0, 40) });
    expect(await provider().verifyCallback(truncated)).toMatchObject({ verified: false, reason: "signature" });
  });

  it("reports a signed callback of an unpaid state as not paid, with the order", async () => {
    const verdict = await provider().verifyCallback(fake.callback(outTradeNo, { tradeState: "PAYERROR" }));
    expect(verdict).toEqual({ verified: false, reason: "not_paid", outTradeNo, detail: "PAYERROR" });
  });

  it("answers WeChat Pay as it expects", () => {
    expect(provider().acknowledge(true)).toEqual({
      status: 200,
      contentType: "application/json",
      body: '{"code":"SUCCESS","message":"成功"}',
    });
    expect(provider().acknowledge(false)).toMatchObject({ status: 400, body: '{"code":"FAIL","message":"失败"}' });
  });
});
