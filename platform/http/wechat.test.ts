/**
 * WeChat login and binding (issue 38 §2) through the API, the sandbox scan page and the event push: a bound WeChat
 * user signs in once per scene (a second poll, or concurrent polls, get no second session); a new one binds a phone;
 * one WeChat user binds one account; unbinding needs the code; another account's scene or binding is not found;
 * expired scenes say so; a push with a wrong signature changes nothing.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signInRecords } from "../db/account-security-schema";
import { messages, sessions } from "../db/schema";
import { wechatBindings, wechatScenes } from "../db/wechat-schema";
import { OfficialWechatProvider } from "../providers/wechat/official";
import { SandboxWechatProvider } from "../providers/wechat/sandbox";
import { wechatEventSignature } from "../providers/wechat/signature";
import { totpCodeAt } from "../modules/accounts/totp";
import { recordScan } from "../modules/wechat/scan";
import { AFTER_SCAN_MS, purgeOldWechatScenes, SCENE_KEEP_MS, SCENE_TTL_MS } from "../modules/wechat/scenes";
import { startFakeWechatOfficial, type FakeWechatOfficial } from "../../tests/support/fake-wechat-official";
import { subAccount } from "../../tests/support/instances";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let fake: FakeWechatOfficial;

beforeAll(async () => {
  t = await startTestPlatform();
  fake = await startFakeWechatOfficial({ appId: "wx-test", secret: "test-secret-0123456789" });
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
afterEach(() => {
  t.ctx.providers.wechat = new SandboxWechatProvider("http://127.0.0.1:3000");
});

interface Qr {
  ticket: string;
  scene: string;
}

async function loginQr(): Promise<Qr> {
  const reply = await t.post("/auth/wechat/get_login_qrcode");
  expect(reply.body.status, reply.body.reason).toBe(0);
  const content = reply.body.data.qr_content as string;
  expect(content).toMatch(/\/sandbox\/wechat\/[0-9a-f]{32}$/);
  expect(reply.body.data.poll_seconds).toBe(2);
  return { ticket: reply.body.data.ticket as string, scene: content.split("/").pop()! };
}

async function bindQr(user: { token: string }): Promise<Qr> {
  const reply = await t.post("/auth/wechat/get_bind_qrcode", { session: user.token });
  expect(reply.body.status, reply.body.reason).toBe(0);
  return { ticket: reply.body.data.ticket as string, scene: (reply.body.data.qr_content as string).split("/").pop()! };
}

/** Plays the scan on the sandbox page as `openid` ("new": a fresh WeChat user); returns the openid that scanned. */
async function scan(qr: Qr, openid = "new"): Promise<{ http: number; openid: string | null }> {
  const reply = await t.request(`/sandbox/wechat/${qr.scene}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ openid }).toString(),
  });
  const [row] = await t.db.select().from(wechatScenes).where(eq(wechatScenes.scene, qr.scene));
  return { http: reply.http, openid: row?.openid ?? null };
}

/** A known WeChat user scans (what the push and the sandbox page both end in). */
const scanAs = (qr: Qr, openid: string) => recordScan(t.ctx, { kind: "SCAN", openid, scene: qr.scene });

const loginStatus = (qr: Qr) => t.post("/auth/wechat/get_login_status", { ticket: qr.ticket });

/** A new account with a fresh WeChat user bound through the console QR; returns the openid. */
async function boundAccount(): Promise<{ user: RegisteredUser; openid: string }> {
  const user = await t.registerUser();
  const qr = await bindQr(user);
  const { openid } = await scan(qr);
  const status = await t.post("/auth/wechat/get_bind_status", { session: user.token, ticket: qr.ticket });
  expect(status.body.data).toMatchObject({ state: "bound" });
  return { user, openid: openid! };
}

const sessionCount = async (userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("login with WeChat", () => {
  it("signs a bound WeChat user's account in once: the second poll of the scene gets expired", async () => {
    const { user, openid } = await boundAccount();
    const qr = await loginQr();
    expect((await loginStatus(qr)).body.data).toMatchObject({ state: "waiting" });
    expect(await scanAs(qr, openid)).toBe("recorded");
    // a second scan of a scanned scene is ignored
    expect(await scanAs(qr, "someone-else")).toBe("ignored");
    const first = await loginStatus(qr);
    expect(first.body.data).toMatchObject({ state: "signed_in" });
    const token = first.body.data.token as string;
    expect((await t.post("/get_user_info", { session: token })).body.status).toBe(0);
    expect((await loginStatus(qr)).body.data).toEqual({ state: "expired" });
    const [record] = await t.db
      .select()
      .from(signInRecords)
      .where(eq(signInRecords.userId, user.userId))
      .orderBy(desc(signInRecords.id))
      .limit(1);
    expect(record).toMatchObject({ method: "wechat", result: "ok" });
  });

  it("issues one session to concurrent polls of one scanned scene", async () => {
    const { user, openid } = await boundAccount();
    const qr = await loginQr();
    await scanAs(qr, openid);
    const before = await sessionCount(user.userId);
    const replies = await Promise.all(Array.from({ length: 8 }, () => loginStatus(qr)));
    const states = replies.map((r) => r.body.data.state as string);
    expect(states.filter((s) => s === "signed_in")).toHaveLength(1);
    expect(states.filter((s) => s === "expired")).toHaveLength(7);
    expect(await sessionCount(user.userId)).toBe(before + 1);
  });

  it("asks a new WeChat user to bind a phone, then binds it to that account and signs it in", async () => {
    const user = await t.registerUser();
    const qr = await loginQr();
    const { openid } = await scan(qr);
    expect((await loginStatus(qr)).body.data).toMatchObject({ state: "bind_phone", nickname: expect.any(String) });
    t.clock.advance(61_000);
    const wrong = await t.post("/auth/wechat/bind_phone", { ticket: qr.ticket, phone: user.phone, code: "000000" });
    expect(wrong.body).toMatchObject({ status: 1, data: { field: "code" } });
    t.clock.advance(61_000);
    const code = await t.sendCode(user.phone, "login");
    const bound = await t.post("/auth/wechat/bind_phone", { ticket: qr.ticket, phone: user.phone, code });
    expect(bound.body.status, bound.body.reason).toBe(0);
    expect((await t.post("/get_user_info", { session: bound.body.data.token })).body.status).toBe(0);
    const bindings = await t.db.select().from(wechatBindings).where(eq(wechatBindings.openid, openid!));
    expect(bindings.map((b) => b.userId)).toEqual([user.userId]);
    const [message] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.userId, user.userId))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(message?.message).toContain("已绑定微信");
    // the scene is used: polling it again signs nobody in
    expect((await loginStatus(qr)).body.data).toEqual({ state: "expired" });
  });

  it("refuses to bind a phone without an account, pointing to registration; nothing is bound", async () => {
    const qr = await loginQr();
    const { openid } = await scan(qr);
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const code = await t.sendCode(phone, "login");
    const reply = await t.post("/auth/wechat/bind_phone", { ticket: qr.ticket, phone, code });
    expect(reply.body).toMatchObject({ status: 1, key: "ACCOUNT_NOT_FOUND", data: { field: "phone" } });
    expect(reply.body.reason).toContain("注册");
    expect(await t.db.select().from(wechatBindings).where(eq(wechatBindings.openid, openid!))).toEqual([]);
  });

  it("says expired once the QR's 5 minutes passed, and a late scan changes nothing", async () => {
    const qr = await loginQr();
    t.clock.advance(SCENE_TTL_MS + 1000);
    expect((await loginStatus(qr)).body.data).toEqual({ state: "expired" });
    expect((await scan(qr)).http).toBe(409);
    expect((await t.post("/auth/wechat/get_login_status", { ticket: "x".repeat(43) })).body).toMatchObject({
      status: 1,
      key: "NOT_FOUND",
    });
  });

  it("passes two-step login through: a bound account with it on gets the second step's ticket, no session", async () => {
    const { user, openid } = await boundAccount();
    const begun = await t.post("/two_step/begin", { session: user.token });
    const { secret, pending } = begun.body.data as { secret: string; pending: string };
    const on = await t.post("/two_step/enable", {
      session: user.token,
      pending,
      code: totpCodeAt(secret, t.clock.now()),
    });
    expect(on.body.status, on.body.reason).toBe(0);
    t.clock.advance(30_000);
    const before = await sessionCount(user.userId);
    const qr = await loginQr();
    await scanAs(qr, openid);
    const polled = await loginStatus(qr);
    expect(polled.body.data).toMatchObject({ state: "signed_in", need_second_step: true, ticket: expect.any(String) });
    expect(polled.body.data.token).toBeUndefined();
    expect(await sessionCount(user.userId)).toBe(before);
    const second = await t.post("/login_second_step", {
      ticket: polled.body.data.ticket,
      code: totpCodeAt(secret, t.clock.now()),
    });
    expect(second.body.status, second.body.reason).toBe(0);
    expect((await t.post("/get_user_info", { session: second.body.data.token })).body.status).toBe(0);
  });

  it("deletes scenes a day after they ended, in the hourly job, and keeps the recent ones", async () => {
    const old = await loginQr();
    t.clock.advance(SCENE_KEEP_MS + AFTER_SCAN_MS + SCENE_TTL_MS + 1000);
    const recent = await loginQr();
    expect(await purgeOldWechatScenes(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = async (qr: Qr) =>
      (await t.db.select().from(wechatScenes).where(eq(wechatScenes.scene, qr.scene))).length;
    expect([await left(old), await left(recent)]).toEqual([0, 1]);
    expect((await loginStatus(old)).body).toMatchObject({ status: 1, key: "NOT_FOUND" });
  });

  it("refuses a 31st login QR from one address within 10 minutes; other addresses are not affected", async () => {
    const from = (ip: string) => t.post("/auth/wechat/get_login_qrcode", {}, { "x-client-address": ip });
    for (let i = 0; i < 30; i++) expect((await from("203.0.113.77")).body.status).toBe(0);
    const refused = await from("203.0.113.77");
    expect(refused.body).toMatchObject({ status: 1, key: "WECHAT_QR_RATE" });
    expect((await from("203.0.113.78")).body.status).toBe(0);
    t.clock.advance(11 * 60_000);
    expect((await from("203.0.113.77")).body.status).toBe(0);
  });
});

describe("binding from the security page", () => {
  it("lists the bound WeChat users; one WeChat user binds one account: a second account is refused", async () => {
    const { user, openid } = await boundAccount();
    const list = await t.post("/auth/get_bind_account_list", { session: user.token });
    expect(list.body.data.list).toEqual([
      { id: expect.any(Number), nickname: expect.stringMatching(/^微信用户/), bound_at: expect.any(String) },
    ]);
    const other = await t.registerUser();
    const qr = await bindQr(other);
    // the same WeChat user scans the other account's QR
    expect(await scanAs(qr, openid)).toBe("recorded");
    const status = await t.post("/auth/wechat/get_bind_status", { session: other.token, ticket: qr.ticket });
    expect(status.body.data).toEqual({ state: "taken" });
    expect((await t.post("/auth/get_bind_account_list", { session: other.token })).body.data.list).toEqual([]);
    const owners = await t.db.select().from(wechatBindings).where(eq(wechatBindings.openid, openid));
    expect(owners.map((b) => b.userId)).toEqual([user.userId]);
  });

  it("unbinds only with the account phone's code, and leaves a site message", async () => {
    const { user } = await boundAccount();
    const [binding] = (await t.post("/auth/get_bind_account_list", { session: user.token })).body.data.list;
    const wrong = await t.post("/auth/wechat/unbind_account", {
      session: user.token,
      binding_id: binding.id,
      code: "000000",
    });
    expect(wrong.body).toMatchObject({ status: 1, key: "CODE_INVALID" });
    expect((await t.post("/auth/get_bind_account_list", { session: user.token })).body.data.list).toHaveLength(1);
    t.clock.advance(61_000);
    const sent = await t.post("/auth/wechat/send_unbind_code", { session: user.token });
    expect(sent.body.status, sent.body.reason).toBe(0);
    const [sms] = await t.readSms(user.phone);
    expect(sms?.purpose).toBe("wechat_unbind");
    const done = await t.post("/auth/wechat/unbind_account", {
      session: user.token,
      binding_id: binding.id,
      code: sms!.code,
    });
    expect(done.body).toMatchObject({ status: 0, data: { unbound: true } });
    expect((await t.post("/auth/get_bind_account_list", { session: user.token })).body.data.list).toEqual([]);
    const [message] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.userId, user.userId))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(message?.message).toContain("解除");
  });

  it("IDOR: another account's bind scene and binding are not found, and nothing changes", async () => {
    const { user } = await boundAccount();
    const stranger = await t.registerUser();
    const qr = await bindQr(user);
    const status = await t.post("/auth/wechat/get_bind_status", { session: stranger.token, ticket: qr.ticket });
    expect(status.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    const [binding] = (await t.post("/auth/get_bind_account_list", { session: user.token })).body.data.list;
    t.clock.advance(61_000);
    const sent = await t.post("/auth/wechat/send_unbind_code", { session: stranger.token });
    expect(sent.body.status, sent.body.reason).toBe(0);
    const [sms] = await t.readSms(stranger.phone);
    const unbind = await t.post("/auth/wechat/unbind_account", {
      session: stranger.token,
      binding_id: binding.id,
      code: sms!.code,
    });
    expect(unbind.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    expect((await t.post("/auth/get_bind_account_list", { session: user.token })).body.data.list).toHaveLength(1);
    // a login ticket is not a bind ticket
    const login = await loginQr();
    const cross = await t.post("/auth/wechat/get_bind_status", { session: user.token, ticket: login.ticket });
    expect(cross.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
  });

  it("refuses a sub-account", async () => {
    const main = await t.registerUser();
    const sub = await subAccount(t, { ...main, subAccountId: null, caller: await t.callerOf(main) }, 10_000);
    for (const path of ["/auth/wechat/get_bind_qrcode", "/auth/get_bind_account_list"]) {
      const reply = await t.post(path, { session: sub.token });
      expect(reply.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    }
  });
});

describe("the sandbox scan page", () => {
  it("offers the fake users, takes a tester's own openid, refuses anything else and an unknown scene", async () => {
    const qr = await loginQr();
    const shown = await t.request(`/sandbox/wechat/${qr.scene}`);
    expect(shown.http).toBe(200);
    expect(String(shown.body)).toContain("以「阿青」扫码并关注");
    const post = (fields: Record<string, string>) =>
      t.request(`/sandbox/wechat/${qr.scene}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    expect((await post({ openid: "custom", custom: "someone-real" })).http).toBe(400);
    expect((await post({ openid: "oReal-openid" })).http).toBe(400);
    expect((await post({ openid: "custom", custom: "sandbox-openid-new-tester1" })).http).toBe(200);
    const [row] = await t.db.select().from(wechatScenes).where(eq(wechatScenes.scene, qr.scene));
    expect(row?.openid).toBe("sandbox-openid-new-tester1");
    expect((await t.request("/sandbox/wechat/not-a-scene")).http).toBe(404);
  });
});

describe("the official account's event push", () => {
  const TOKEN = "push-token-7";
  const official = () =>
    new OfficialWechatProvider(
      { appId: "wx-test", appSecret: "test-secret-0123456789", eventToken: TOKEN, apiBase: new URL(fake.url) },
      t.clock.now,
      () => {},
    );
  const push = (query: Record<string, string>, xml: string) =>
    t.request(`/third-party/wechat/event?${new URLSearchParams(query).toString()}`, {
      method: "POST",
      headers: { "content-type": "text/xml" },
      body: xml,
    });
  const scanXml = (openid: string, scene: string) =>
    `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event><EventKey><![CDATA[qrscene_${scene}]]></EventKey></xml>`;

  it("answers WeChat's URL check with echostr only when the signature is right", async () => {
    t.ctx.providers.wechat = official();
    const good = { signature: wechatEventSignature(TOKEN, "100", "abc"), timestamp: "100", nonce: "abc" };
    const echo = await t.request(`/third-party/wechat/event?${new URLSearchParams({ ...good, echostr: "e42" })}`);
    expect(echo).toMatchObject({ http: 200, body: "e42" });
    const bad = await t.request(
      `/third-party/wechat/event?${new URLSearchParams({ ...good, nonce: "x", echostr: "e" })}`,
    );
    expect(bad.http).toBe(403);
  });

  it("records a signed scan push (user info from the API) and refuses one with a wrong signature", async () => {
    t.ctx.providers.wechat = official();
    fake.users.set("o-push-1", { nickname: "推送用户", unionid: "u-push-1" });
    const created = await t.post("/auth/wechat/get_login_qrcode");
    const ticket = created.body.data.ticket as string;
    expect(created.body.data.qr_content).toContain("weixin.qq.com/q/");
    const scene = fake.qrs.at(-1)!.scene;
    const forged = { signature: wechatEventSignature("guess", "100", "n1"), timestamp: "100", nonce: "n1" };
    expect((await push(forged, scanXml("o-push-1", scene))).http).toBe(403);
    const [untouched] = await t.db.select().from(wechatScenes).where(eq(wechatScenes.scene, scene));
    expect(untouched?.openid).toBeNull();
    const signed = { signature: wechatEventSignature(TOKEN, "100", "n2"), timestamp: "100", nonce: "n2" };
    const accepted = await push(signed, scanXml("o-push-1", scene));
    expect(accepted).toMatchObject({ http: 200, body: "success" });
    const [row] = await t.db
      .select()
      .from(wechatScenes)
      .where(and(eq(wechatScenes.scene, scene), eq(wechatScenes.openid, "o-push-1")));
    expect(row).toMatchObject({ nickname: "推送用户", unionid: "u-push-1" });
    const status = await t.post("/auth/wechat/get_login_status", { ticket });
    expect(status.body.data).toEqual({ state: "bind_phone", nickname: "推送用户" });
  });
});
