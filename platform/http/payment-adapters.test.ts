/**
 * The real payment adapters end to end (issue 10 §2, decision 030): a test
 * platform whose WeChat Pay and Alipay providers are the real adapters, pointed
 * at local fakes that check every signature. An order made through
 * /create_qrcode reaches the fake; the fake's signed callback, posted to
 * /api/pay/notify/<channel>, credits exactly once, also when 20 copies race;
 * a callback signed with another key, or whose amount was changed after
 * signing, credits nothing. The poll's fallback asks the provider when a QR
 * expires. Runs on PGlite and on PostgreSQL, where the copies really race.
 */
import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAlipay, type FakeAlipay } from "../../tests/support/fake-alipay";
import { startFakeWechatPay, type FakeWechatPay } from "../../tests/support/fake-wechatpay";
import { MINUTE, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";
import { ledgerEntries, users } from "../db/schema";
import { paymentCallbacks } from "../db/wallet-schema";
import { ledgerSums } from "../modules/wallet/ledger";
import { AlipayProvider } from "../providers/payment/alipay";
import { WechatPayProvider } from "../providers/payment/wechatpay";

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = (key: { export(o: object): string | Buffer }, type: "pkcs8" | "spki") =>
  key.export({ type, format: "pem" }).toString();
const merchant = rsa();
const wechatPlatform = rsa();
const app = rsa();
const alipayKeys = rsa();
const stranger = rsa();
const API_V3_KEY = "0123456789abcdefghijklmnopqrstuv";
const WECHAT = {
  appId: "wx8888888888888888",
  mchId: "1900009191",
  serial: "5157F09EFDC096DE",
  platform: "PUB_KEY_ID_01",
};
const ALIPAY_APP_ID = "2021004100000001";

let t: TestPlatform;
let wechat: FakeWechatPay;
let alipay: FakeAlipay;

beforeAll(async () => {
  t = await startTestPlatform();
  wechat = await startFakeWechatPay({
    appId: WECHAT.appId,
    mchId: WECHAT.mchId,
    merchantSerial: WECHAT.serial,
    merchantPublicKey: merchant.publicKey,
    platformSerial: WECHAT.platform,
    platformPrivateKey: wechatPlatform.privateKey,
    apiV3Key: API_V3_KEY,
    now: t.clock.now,
  });
  alipay = await startFakeAlipay({
    appId: ALIPAY_APP_ID,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipayKeys.privateKey,
    now: t.clock.now,
  });
  const quiet = { now: t.clock.now, log: () => {} };
  t.ctx.providers.payments.wechat = new WechatPayProvider(
    {
      appId: WECHAT.appId,
      mchId: WECHAT.mchId,
      serialNo: WECHAT.serial,
      privateKey: pem(merchant.privateKey, "pkcs8"),
      apiV3Key: API_V3_KEY,
      platformCert: pem(wechatPlatform.publicKey, "spki"),
      platformSerial: WECHAT.platform,
      baseUrl: new URL(wechat.url),
    },
    quiet,
  );
  t.ctx.providers.payments.alipay = new AlipayProvider(
    {
      appId: ALIPAY_APP_ID,
      privateKey: pem(app.privateKey, "pkcs8"),
      alipayPublicKey: pem(alipayKeys.publicKey, "spki"),
      gateway: new URL(alipay.url),
    },
    quiet,
  );
});
afterAll(async () => {
  await wechat?.close();
  await alipay?.close();
  await t?.close();
});

type Channel = "wechat" | "alipay";

async function createQr(user: RegisteredUser, amount: string, channel: Channel) {
  const reply = await t.post("/create_qrcode", {
    session: user.token,
    amount,
    pay_type: channel === "wechat" ? "1" : "0",
  });
  expect(reply.body).toMatchObject({ status: 0 });
  const data = reply.body.data as {
    out_trade_no: string;
    wx_resp?: { data: { qrcode: string } };
    ali_resp?: { data: { qrcode: string } };
  };
  return { outTradeNo: data.out_trade_no, qrcode: (data.wx_resp ?? data.ali_resp)!.data.qrcode };
}

const notify = (channel: Channel, sent: { body: string; headers: Headers }) =>
  t.request(`/api/pay/notify/${channel}`, { method: "POST", headers: sent.headers, body: sent.body });

async function cashOf(userId: number) {
  const [row] = await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, userId));
  return row!.cash;
}

async function expectBalanced(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  expect({ cash: row!.moneyFen, voucher: row!.powerMoneyFen, credit: row!.creditQuotaFen }).toEqual(
    await ledgerSums(t.ctx, userId),
  );
}

const rechargeEntries = async (outTradeNo: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.operationKey, `recharge:${outTradeNo}`));

const outcomes = async (outTradeNo: string) =>
  (await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.outTradeNo, outTradeNo)))
    .map((row) => row.outcome)
    .sort();

const signatureRefusals = async () =>
  (await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.outcome, "refused_signature"))).length;

const statusOf = async (user: RegisteredUser, outTradeNo: string) =>
  (await t.post("/get_order_status", { session: user.token, out_trade_no: outTradeNo })).body.data as {
    Status: number;
  };

/** What each channel's fake does and how each provider answers, so one set of tests covers both. */
const CHANNELS = {
  wechat: {
    qr: /^weixin:\/\/wxpay\/bizpayurl\?pr=/,
    pay: (outTradeNo: string) => wechat.pay(outTradeNo),
    callback: (outTradeNo: string) => wechat.callback(outTradeNo),
    signedByStranger: (outTradeNo: string) => wechat.callback(outTradeNo, { signWith: stranger.privateKey }),
    amountChangedAfterSigning: (outTradeNo: string) => wechat.callback(outTradeNo, { amountAfterSigning: 1_000_000 }),
    signedWrongAmount: (outTradeNo: string) => wechat.callback(outTradeNo, { amountFen: 1 }),
    accepted: { http: 200, body: { code: "SUCCESS", message: "成功" } },
    refused: { http: 400, body: { code: "FAIL", message: "失败" } },
  },
  alipay: {
    qr: /^https:\/\/qr\.alipay\.com\//,
    pay: (outTradeNo: string) => alipay.pay(outTradeNo),
    callback: (outTradeNo: string) => alipay.notify(outTradeNo),
    signedByStranger: (outTradeNo: string) => alipay.notify(outTradeNo, { signWith: stranger.privateKey }),
    amountChangedAfterSigning: (outTradeNo: string) => alipay.notify(outTradeNo, { amountAfterSigning: "10000.00" }),
    signedWrongAmount: (outTradeNo: string) => {
      const trade = alipay.trades.get(outTradeNo)!;
      const real = trade.totalAmount;
      trade.totalAmount = "0.01";
      try {
        return alipay.notify(outTradeNo);
      } finally {
        trade.totalAmount = real;
      }
    },
    accepted: { http: 200, body: "success" },
    refused: { http: 200, body: "fail" },
  },
} as const;

describe.each(["wechat", "alipay"] as const)("%s through the real adapter", (channel) => {
  const c = CHANNELS[channel];

  it("creates the payment at the provider with a signed request and returns its QR", async () => {
    const user = await t.registerUser();
    const { outTradeNo, qrcode } = await createQr(user, "100", channel);
    expect(qrcode).toMatch(c.qr);
    if (channel === "wechat")
      expect(wechat.orders.get(outTradeNo)).toMatchObject({
        amountFen: 100_00,
        notifyUrl: "http://127.0.0.1:3000/api/pay/notify/wechat",
        codeUrl: qrcode,
      });
    else
      expect(alipay.trades.get(outTradeNo)).toMatchObject({
        totalAmount: "100.00",
        notifyUrl: "http://127.0.0.1:3000/api/pay/notify/alipay",
        qrCode: qrcode,
      });
  });

  it("credits a correctly signed callback once; the same callback again changes nothing", async () => {
    const user = await t.registerUser();
    const before = await cashOf(user.userId);
    const { outTradeNo } = await createQr(user, "123.45", channel);
    c.pay(outTradeNo);
    const sent = c.callback(outTradeNo);

    expect(await notify(channel, sent)).toEqual(c.accepted);
    expect(await cashOf(user.userId)).toBe(before + 123_45);
    expect((await statusOf(user, outTradeNo)).Status).toBe(1);

    expect(await notify(channel, sent)).toEqual(c.accepted);
    expect(await notify(channel, c.callback(outTradeNo))).toEqual(c.accepted);
    expect(await cashOf(user.userId)).toBe(before + 123_45);
    expect(await rechargeEntries(outTradeNo)).toHaveLength(1);
    expect(await outcomes(outTradeNo)).toEqual(["credited", "duplicate", "duplicate"]);
    await expectBalanced(user.userId);
  });

  it("credits 20 concurrent copies of one callback once", async () => {
    const user = await t.registerUser();
    const before = await cashOf(user.userId);
    const { outTradeNo } = await createQr(user, "500", channel);
    c.pay(outTradeNo);
    const sent = c.callback(outTradeNo);
    const replies = await Promise.all(Array.from({ length: 20 }, () => notify(channel, sent)));
    expect(replies.every((reply) => reply.http === c.accepted.http)).toBe(true);
    expect(await cashOf(user.userId)).toBe(before + 500_00);
    expect(await rechargeEntries(outTradeNo)).toHaveLength(1);
    const counted = await outcomes(outTradeNo);
    expect(counted.filter((o) => o === "credited")).toHaveLength(1);
    expect(counted.filter((o) => o === "duplicate")).toHaveLength(19);
    await expectBalanced(user.userId);
  });

  it("credits nothing for a callback signed with another key, or whose amount was changed after signing", async () => {
    const user = await t.registerUser();
    const before = await cashOf(user.userId);
    const signatureRefusalsBefore = await signatureRefusals();
    const { outTradeNo } = await createQr(user, "100", channel);
    c.pay(outTradeNo);

    expect(await notify(channel, c.signedByStranger(outTradeNo))).toEqual(c.refused);
    expect(await notify(channel, c.amountChangedAfterSigning(outTradeNo))).toEqual(c.refused);
    // Signed by the provider, but not the order's amount: the platform refuses it too.
    expect(await notify(channel, c.signedWrongAmount(outTradeNo))).toEqual(c.refused);
    expect(await notify(channel, { body: "", headers: new Headers() })).toEqual(c.refused);

    expect(await cashOf(user.userId)).toBe(before);
    expect((await statusOf(user, outTradeNo)).Status).toBe(0);
    expect(await rechargeEntries(outTradeNo)).toEqual([]);
    // A refused signature names no order (nothing in the body is trusted); the wrong amount names it.
    expect(await outcomes(outTradeNo)).toEqual(["refused_amount"]);
    expect((await signatureRefusals()) - signatureRefusalsBefore).toBe(3);

    // The genuine callback still credits afterwards.
    expect(await notify(channel, c.callback(outTradeNo))).toEqual(c.accepted);
    expect(await cashOf(user.userId)).toBe(before + 100_00);
    await expectBalanced(user.userId);
  });
});

describe("a replayed WeChat callback", () => {
  it("is refused once its timestamp is more than five minutes old, and credits nothing", async () => {
    const user = await t.registerUser();
    const before = await cashOf(user.userId);
    const { outTradeNo } = await createQr(user, "10", "wechat");
    wechat.pay(outTradeNo);
    const sent = wechat.callback(outTradeNo);
    expect(await notify("wechat", sent)).toEqual(CHANNELS.wechat.accepted);
    t.clock.advance(5 * MINUTE + 1_000);
    expect(await notify("wechat", sent)).toEqual(CHANNELS.wechat.refused);
    expect(await cashOf(user.userId)).toBe(before + 10_00);
    expect(await rechargeEntries(outTradeNo)).toHaveLength(1);
  });
});

describe("when a QR expires the platform asks the provider", () => {
  it("credits a WeChat payment whose callback never came (queryOrder)", async () => {
    const user = await t.registerUser();
    const before = await cashOf(user.userId);
    const { outTradeNo } = await createQr(user, "66", "wechat");
    wechat.pay(outTradeNo);
    t.clock.advance(5 * MINUTE + 1_000);
    expect((await statusOf(user, outTradeNo)).Status).toBe(1);
    expect(await cashOf(user.userId)).toBe(before + 66_00);
    expect(wechat.requests.filter((r) => r.url.includes(outTradeNo) && r.method === "GET")).toHaveLength(1);
  });

  it("closes an unpaid Alipay trade here and at Alipay (closeOrder)", async () => {
    const user = await t.registerUser();
    const { outTradeNo } = await createQr(user, "77", "alipay");
    alipay.scan(outTradeNo);
    t.clock.advance(5 * MINUTE + 1_000);
    expect((await statusOf(user, outTradeNo)).Status).toBe(2);
    expect(alipay.trades.get(outTradeNo)?.status).toBe("TRADE_CLOSED");
    expect(alipay.requests.filter((r) => r.url === "/v3/alipay/trade/close" && r.accepted)).not.toHaveLength(0);
    expect(await rechargeEntries(outTradeNo)).toEqual([]);
  });
});
