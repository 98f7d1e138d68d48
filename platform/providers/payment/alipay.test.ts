/** The Alipay adapter (alipay-sdk, OpenAPI v3) against a local fake that checks signatures as Alipay does. */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAlipay, type FakeAlipay } from "../../../tests/support/fake-alipay";
import type { AlipayConfig } from "../../config";
import { AlipayProvider, fromBeijingTime } from "./alipay";
import { PaymentProviderError } from "./types";

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const app = rsa();
const alipayKeys = rsa();
const stranger = rsa();
const pem = (key: { export(o: object): string | Buffer }, type: "pkcs8" | "spki") =>
  key.export({ type, format: "pem" }).toString();

let fake: FakeAlipay;
let config: AlipayConfig;
const logs: string[] = [];
const provider = () => new AlipayProvider(config, { log: (line) => logs.push(line) });

const order = (outTradeNo: string, amountFen = 12_345) => ({
  outTradeNo,
  amountFen,
  description: "账户充值 123.45 元",
  expiresAt: new Date(Date.now() + 15 * 60_000),
  notifyUrl: "https://gpu.example.cn/api/pay/notify/alipay",
});

beforeAll(async () => {
  fake = await startFakeAlipay({
    appId: "2021004100000001",
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipayKeys.privateKey,
  });
  config = {
    appId: "2021004100000001",
    privateKey: pem(app.privateKey, "pkcs8"),
    alipayPublicKey: pem(alipayKeys.publicKey, "spki"),
    gateway: new URL(fake.url),
  };
});
afterAll(() => fake.close());

describe("requests signed with the app key", () => {
  it("precreates a trade with the amount in yuan and returns its qr_code", async () => {
    const { qrContent } = await provider().createQr(order("R20261123100001"));
    expect(qrContent).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(fake.requests.at(-1)).toMatchObject({ url: "/v3/alipay/trade/precreate", accepted: true });
    expect(fake.trades.get("R20261123100001")).toMatchObject({
      totalAmount: "123.45",
      subject: "账户充值 123.45 元",
      notifyUrl: "https://gpu.example.cn/api/pay/notify/alipay",
      timeoutExpress: "15m",
      qrCode: qrContent,
    });
  });

  it("is refused by Alipay when signed with another key", async () => {
    const wrong = new AlipayProvider({ ...config, privateKey: pem(stranger.privateKey, "pkcs8") }, { log: () => {} });
    const error = await wrong.createQr(order("R20261123100002")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).providerCode).toBe("invalid-signature");
    expect(fake.requests.at(-1)).toMatchObject({ accepted: false, refusal: expect.stringMatching(/sign/) });
  });

  it("refuses an answer not signed with Alipay's key", async () => {
    const fooled = new AlipayProvider(
      { ...config, alipayPublicKey: pem(stranger.publicKey, "spki") },
      { log: (line) => logs.push(line) },
    );
    const error = await fooled.createQr(order("R20261123100003")).catch((e: unknown) => e);
    expect((error as PaymentProviderError).providerCode).toBe("response-signature-verify-error");
  });

  it("queries a trade: pending before and after the scan, then paid; closes one", async () => {
    const alipay = provider();
    await alipay.createQr(order("R20261123100004", 5_000));
    expect(await alipay.queryOrder("R20261123100004")).toEqual({ state: "pending" });
    fake.scan("R20261123100004");
    expect(await alipay.queryOrder("R20261123100004")).toEqual({ state: "pending" });
    const paid = fake.pay("R20261123100004");
    expect(await alipay.queryOrder("R20261123100004")).toEqual({
      state: "paid",
      event: {
        outTradeNo: "R20261123100004",
        amountFen: 5_000,
        providerTradeNo: paid.tradeNo,
        paidAt: fromBeijingTime(paid.gmtPayment!),
      },
    });

    await alipay.createQr(order("R20261123100005"));
    await alipay.closeOrder("R20261123100005");
    fake.scan("R20261123100005");
    await alipay.closeOrder("R20261123100005");
    expect(fake.trades.get("R20261123100005")?.status).toBe("TRADE_CLOSED");
    expect(await alipay.queryOrder("R20261123100005")).toEqual({ state: "closed" });
    await expect(alipay.closeOrder("R20261123100004")).rejects.toMatchObject({
      providerCode: "ACQ.TRADE_STATUS_ERROR",
    });
  });
});

describe("notifications", () => {
  const outTradeNo = "R20261123100010";
  beforeAll(async () => {
    await provider().createQr(order(outTradeNo, 10_001));
    fake.pay(outTradeNo);
  });

  it("verifies a signed notify and reads the payment, the amount in fen", async () => {
    const trade = fake.trades.get(outTradeNo)!;
    expect(await provider().verifyCallback(fake.notify(outTradeNo))).toEqual({
      verified: true,
      event: {
        outTradeNo,
        amountFen: 10_001,
        providerTradeNo: trade.tradeNo,
        paidAt: fromBeijingTime(trade.gmtPayment!),
      },
    });
    expect(await provider().verifyCallback(fake.notify(outTradeNo, { tradeStatus: "TRADE_FINISHED" }))).toMatchObject({
      verified: true,
      event: { amountFen: 10_001 },
    });
  });

  it("refuses a notify signed with another key", async () => {
    expect(await provider().verifyCallback(fake.notify(outTradeNo, { signWith: stranger.privateKey }))).toEqual({
      verified: false,
      reason: "signature",
      detail: "signature does not match",
    });
  });

  it("refuses a notify whose amount was changed after signing", async () => {
    const verdict = await provider().verifyCallback(fake.notify(outTradeNo, { amountAfterSigning: "10000.01" }));
    expect(verdict).toMatchObject({ verified: false, reason: "signature" });
  });

  it("refuses malformed notifies: no sign, another sign type, a signed notify of another app", async () => {
    const unsigned = fake.notify(outTradeNo, { tamper: (body) => body.replace(/(^|&)sign=[^&]*/, "") });
    expect(await provider().verifyCallback(unsigned)).toEqual({
      verified: false,
      reason: "signature",
      detail: "no sign",
    });
    const rsa1 = fake.notify(outTradeNo, { tamper: (body) => body.replace("sign_type=RSA2", "sign_type=RSA") });
    expect(await provider().verifyCallback(rsa1)).toMatchObject({ verified: false, reason: "signature" });
    expect(await provider().verifyCallback({ body: "%%%", headers: new Headers() })).toMatchObject({
      verified: false,
    });
    const otherApp = fake.notify(outTradeNo, { appId: "2021009999999999" });
    expect(await provider().verifyCallback(otherApp)).toMatchObject({
      verified: false,
      reason: "malformed",
      outTradeNo,
    });
  });

  it("reports a signed notify of a trade not paid as not paid", async () => {
    const verdict = await provider().verifyCallback(fake.notify(outTradeNo, { tradeStatus: "TRADE_CLOSED" }));
    expect(verdict).toEqual({ verified: false, reason: "not_paid", outTradeNo, detail: "TRADE_CLOSED" });
  });

  it("answers Alipay as it expects: success or fail, as text", () => {
    expect(provider().acknowledge(true)).toEqual({
      status: 200,
      contentType: "text/plain; charset=utf-8",
      body: "success",
    });
    expect(provider().acknowledge(false).body).toBe("fail");
  });
});

describe("Beijing time", () => {
  it("reads Alipay's times as UTC+8", () => {
    expect(fromBeijingTime("2026-11-23 22:43:05")?.toISOString()).toBe("2026-11-23T14:43:05.000Z");
    expect(fromBeijingTime("2026-11-23T22:43:05")).toBeNull();
  });
});
