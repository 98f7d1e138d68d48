/**
 * The official account adapter against a local fake of WeChat's API (tests/support/fake-wechat-official.ts): QR
 * creation, the access_token kept until it expires (and renewed when WeChat says it is invalid), user info, and
 * the event push's signature (right, wrong, tampered); the secret never appears in a URL nor a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWechatOfficial, type FakeWechatOfficial } from "../../../tests/support/fake-wechat-official";
import type { WechatOfficialConfig } from "../../config";
import { OfficialWechatProvider } from "./official";
import { wechatEventSignature } from "./signature";
import { WechatApiError } from "./types";

const APP_ID = "wx1234567890abcdef";
const SECRET = "fAkE-wEcHaT-sEcReT-0123456789abcd";
const TOKEN = "event-token-42";

let fake: FakeWechatOfficial;
const config = (overrides: Partial<WechatOfficialConfig> = {}): WechatOfficialConfig => ({
  appId: APP_ID,
  appSecret: SECRET,
  eventToken: TOKEN,
  apiBase: new URL(fake.url),
  ...overrides,
});

beforeAll(async () => {
  fake = await startFakeWechatOfficial({ appId: APP_ID, secret: SECRET });
});
afterAll(() => fake.close());

const SCENE = "0123456789abcdef0123456789abcdef";

describe("OfficialWechatProvider", () => {
  it("creates a QR_STR_SCENE code of 300 s for the scene and gives WeChat's URL to encode", async () => {
    const provider = new OfficialWechatProvider(
      config(),
      () => new Date(),
      () => {},
    );
    const qr = await provider.createSceneQr(SCENE, 300);
    expect(qr.qrContent).toMatch(/^http:\/\/weixin\.qq\.com\/q\/[A-Za-z0-9_-]+$/);
    expect(fake.qrs.at(-1)).toEqual({ scene: SCENE, expireSeconds: 300, actionName: "QR_STR_SCENE" });
  });

  it("keeps the access_token until shortly before it expires, then fetches a new one", async () => {
    let now = new Date("2026-11-29T02:00:00Z");
    const provider = new OfficialWechatProvider(
      config(),
      () => now,
      () => {},
    );
    const tokenCalls = () => fake.requests.filter((r) => r.path === "/cgi-bin/stable_token").length;
    const before = tokenCalls();
    await provider.createSceneQr(SCENE, 300);
    await provider.createSceneQr(SCENE, 300);
    expect(tokenCalls() - before).toBe(1);
    now = new Date(now.getTime() + 7200_000);
    await provider.createSceneQr(SCENE, 300);
    expect(tokenCalls() - before).toBe(2);
  });

  it("fetches a new token once when WeChat says the kept one is invalid (40001)", async () => {
    const provider = new OfficialWechatProvider(
      config(),
      () => new Date(),
      () => {},
    );
    await provider.createSceneQr(SCENE, 300);
    fake.revokeTokens();
    const qr = await provider.createSceneQr(SCENE, 300);
    expect(qr.qrContent).toContain("weixin.qq.com/q/");
  });

  it("reads user info by openid: the unionid, and the nickname only when WeChat gives one", async () => {
    fake.users.set("o-with-union", { unionid: "u-1", nickname: "阿青" });
    fake.users.set("o-plain", {});
    const provider = new OfficialWechatProvider(
      config(),
      () => new Date(),
      () => {},
    );
    expect(await provider.userInfo("o-with-union")).toEqual({
      openid: "o-with-union",
      nickname: "阿青",
      unionid: "u-1",
    });
    expect(await provider.userInfo("o-plain")).toEqual({ openid: "o-plain", nickname: null, unionid: null });
    await expect(provider.userInfo("o-unknown")).rejects.toMatchObject({ name: "WechatApiError", errcode: "40003" });
  });

  it("fails with WechatApiError on a wrong secret or an unreachable API, and never logs nor sends the secret in a URL", async () => {
    const lines: string[] = [];
    const wrong = new OfficialWechatProvider(
      config({ appSecret: `${SECRET}x` }),
      () => new Date(),
      (l) => lines.push(l),
    );
    await expect(wrong.createSceneQr(SCENE, 300)).rejects.toBeInstanceOf(WechatApiError);
    const away = new OfficialWechatProvider(
      config({ apiBase: new URL("http://127.0.0.1:9") }),
      () => new Date(),
      (l) => lines.push(l),
    );
    await expect(away.userInfo("o-plain")).rejects.toMatchObject({ errcode: "UNREACHABLE" });
    expect(lines.length).toBe(2);
    expect(lines.join("\n")).not.toContain(SECRET);
    for (const request of fake.requests) expect(request.url).not.toContain(SECRET);
    expect(fake.requests.some((r) => r.body.includes(SECRET))).toBe(true);
  });

  it("accepts the push signature made with the event token and refuses any other", () => {
    const provider = new OfficialWechatProvider(
      config(),
      () => new Date(),
      () => {},
    );
    const signature = wechatEventSignature(TOKEN, "1732845600", "n0nce");
    expect(provider.verifyEventSignature({ signature, timestamp: "1732845600", nonce: "n0nce" })).toBe(true);
    expect(provider.verifyEventSignature({ signature, timestamp: "1732845601", nonce: "n0nce" })).toBe(false);
    expect(provider.verifyEventSignature({ signature, timestamp: "1732845600", nonce: "other" })).toBe(false);
    const forged = wechatEventSignature("not-the-token", "1732845600", "n0nce");
    expect(provider.verifyEventSignature({ signature: forged, timestamp: "1732845600", nonce: "n0nce" })).toBe(false);
    expect(provider.verifyEventSignature({ signature: "", timestamp: "", nonce: "" })).toBe(false);
    expect(provider.verifyEventSignature({ signature: "zz", timestamp: "1", nonce: "n" })).toBe(false);
  });

  it("parses subscribe (qrscene_<scene>) and SCAN (<scene>) pushes, and nothing else", () => {
    const provider = new OfficialWechatProvider(
      config(),
      () => new Date(),
      () => {},
    );
    const xml = (event: string, key: string, type = "event") =>
      `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[oAbC-123]]></FromUserName><CreateTime>1732845600</CreateTime><MsgType><![CDATA[${type}]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey></xml>`;
    expect(provider.parseScanEvent(xml("subscribe", `qrscene_${SCENE}`))).toEqual({
      kind: "subscribe",
      openid: "oAbC-123",
      scene: SCENE,
    });
    expect(provider.parseScanEvent(xml("SCAN", SCENE))).toEqual({ kind: "SCAN", openid: "oAbC-123", scene: SCENE });
    expect(provider.parseScanEvent(xml("subscribe", ""))).toBeNull();
    expect(provider.parseScanEvent(xml("unsubscribe", SCENE))).toBeNull();
    expect(provider.parseScanEvent(xml("SCAN", SCENE, "text"))).toBeNull();
    expect(provider.parseScanEvent(xml("SCAN", "not-our-scene"))).toBeNull();
  });
});
