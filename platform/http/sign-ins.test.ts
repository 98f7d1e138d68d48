/**
 * The caller's signed-in devices and sign-in history (issue 38 §1): each sign-in is listed with its method, result,
 * address and browser; one other device or all others are signed out at once (their next request fails), the
 * current one is not; another account's sessions are NOT_FOUND (IDOR), and a sub-account sees only its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER } from "../contract/security";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { purgeOldSignInRecords, SIGN_IN_RECORD_KEEP_DAYS } from "../modules/accounts/sign-in-records";
import { DAY, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let owner: RegisteredUser;
let stranger: RegisteredUser;

const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const IPHONE_WECHAT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44";

const from = (ip: string, ua: string) => ({ [CLIENT_ADDRESS_HEADER]: ip, [CLIENT_USER_AGENT_HEADER]: ua });

async function loginFrom(user: RegisteredUser, ip: string, ua: string, password = user.password) {
  return t.post("/login", { phone: user.phone, password }, from(ip, ua));
}

const devices = async (token: string) => t.post("/get_login_devices", { session: token });
const records = async (token: string) => t.post("/get_login_records", { session: token });

beforeAll(async () => {
  t = await startTestPlatform();
  owner = await t.registerUser();
  stranger = await t.registerUser();
});

afterAll(async () => {
  await t?.close();
});

describe("signed-in devices", () => {
  it("lists each live session with its address and browser, the current one first and marked", async () => {
    const laptop = (await loginFrom(owner, "203.0.113.7", WINDOWS_CHROME)).body.data.token as string;
    const phone = (await loginFrom(owner, "198.51.100.20", IPHONE_WECHAT)).body.data.token as string;
    const reply = await devices(phone);
    expect(reply.body.status).toBe(0);
    const listed = reply.body.data.devices as { current: boolean; ip: string; user_agent: string }[];
    expect(listed[0]).toMatchObject({ current: true, ip: "198.51.100.20", user_agent: IPHONE_WECHAT });
    expect(listed.filter((d) => d.current)).toHaveLength(1);
    expect(listed).toContainEqual(expect.objectContaining({ current: false, ip: "203.0.113.7" }));
    // The registration's session is listed too; the stranger's are not.
    expect(listed.length).toBe(3);
    expect((await devices(laptop)).body.data.devices[0]).toMatchObject({ current: true, ip: "203.0.113.7" });
  });

  it("signs one other device out at once; its next request is refused with status 2", async () => {
    const a = (await loginFrom(owner, "203.0.113.8", WINDOWS_CHROME)).body.data.token as string;
    const b = (await loginFrom(owner, "203.0.113.9", WINDOWS_CHROME)).body.data.token as string;
    const bId = ((await devices(b)).body.data.devices[0] as { id: number }).id;
    const out = await t.post("/logout_device", { session: a, id: bId });
    expect(out.body).toMatchObject({ status: 0 });
    expect((await t.post("/get_user_info", { session: b })).body.status).toBe(2);
    expect((await t.post("/get_user_info", { session: a })).body.status).toBe(0);
    // Twice: already ended.
    expect((await t.post("/logout_device", { session: a, id: bId })).body).toMatchObject({
      status: 1,
      data: { field: "id" },
    });
  });

  it("refuses the current device, another account's session and a malformed id, ending nothing", async () => {
    const mine = (await loginFrom(owner, "203.0.113.10", WINDOWS_CHROME)).body.data.token as string;
    const theirs = (await loginFrom(stranger, "203.0.113.11", WINDOWS_CHROME)).body.data.token as string;
    const myId = ((await devices(mine)).body.data.devices[0] as { id: number }).id;
    const theirId = ((await devices(theirs)).body.data.devices[0] as { id: number }).id;
    expect((await t.post("/logout_device", { session: mine, id: myId })).body).toMatchObject({
      status: 1,
      data: { field: "id" },
    });
    const foreign = await t.post("/logout_device", { session: mine, id: theirId });
    expect(foreign.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    for (const id of ["abc", "-1", "0", "1".repeat(40), ""])
      expect((await t.post("/logout_device", { session: mine, id })).body).toMatchObject({
        status: 1,
        data: { field: "id" },
      });
    expect((await t.post("/get_user_info", { session: theirs })).body.status).toBe(0);
    expect((await t.post("/get_user_info", { session: mine })).body.status).toBe(0);
  });

  it("signs all other devices out, keeps the current one and the sub-accounts' sessions", async () => {
    const caller = await t.callerOf(owner);
    await createSubAccount(t.ctx, caller, { name: "devices-sub", password: "Devices123", moneyLimitFen: 0 });
    const sub = await t.post("/sub_account_login", { phone: owner.phone, name: "devices-sub", password: "Devices123" });
    const subToken = sub.body.data.token as string;
    const others = [
      (await loginFrom(owner, "203.0.113.12", WINDOWS_CHROME)).body.data.token as string,
      (await loginFrom(owner, "203.0.113.13", IPHONE_WECHAT)).body.data.token as string,
    ];
    const keep = (await loginFrom(owner, "203.0.113.14", WINDOWS_CHROME)).body.data.token as string;
    const reply = await t.post("/logout_other_devices", { session: keep });
    expect(reply.body.status).toBe(0);
    expect(reply.body.data.signed_out).toBeGreaterThanOrEqual(2);
    for (const token of others) expect((await t.post("/get_user_info", { session: token })).body.status).toBe(2);
    expect((await devices(keep)).body.data.devices).toHaveLength(1);
    // The sub-account's own session and list are its own.
    expect((await t.post("/get_user_info", { session: subToken })).body.status).toBe(0);
    const subList = (await devices(subToken)).body.data.devices as { current: boolean }[];
    expect(subList).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe("sign-in history", () => {
  it("records successes and failures of the account, newest first, at most 20, and only the account's own", async () => {
    const user = await t.registerUser();
    await loginFrom(user, "192.0.2.1", WINDOWS_CHROME, "wrong-password-1");
    const token = (await loginFrom(user, "192.0.2.2", IPHONE_WECHAT)).body.data.token as string;
    const listed = (await records(token)).body.data.records as { method: string; result: string; ip: string }[];
    expect(listed.slice(0, 3)).toEqual([
      expect.objectContaining({ method: "password", result: "ok", ip: "192.0.2.2" }),
      expect.objectContaining({ method: "password", result: "failed", ip: "192.0.2.1" }),
      expect.objectContaining({ method: "register", result: "ok" }),
    ]);
    for (let i = 0; i < 22; i++) await loginFrom(user, "192.0.2.3", WINDOWS_CHROME);
    expect((await records(token)).body.data.records).toHaveLength(20);
    // A stranger's list has none of these.
    const theirs = (await records(stranger.token)).body.data.records as { ip: string }[];
    expect(theirs.some((r) => r.ip.startsWith("192.0.2."))).toBe(false);
  });

  it("a phone without an account leaves no record; the job deletes records past the keeping time", async () => {
    const user = await t.registerUser();
    const before = (await records(user.token)).body.data.records.length as number;
    await t.post("/login", { phone: "13900000000", password: "whatever1" });
    t.clock.advance((SIGN_IN_RECORD_KEEP_DAYS + 1) * DAY);
    const token = await t.login(user.phone, user.password);
    expect(before).toBe(1);
    expect(await purgeOldSignInRecords(t.ctx)).toBeGreaterThan(0);
    const left = (await records(token)).body.data.records as { method: string }[];
    expect(left).toEqual([expect.objectContaining({ method: "password" })]);
  });
});
