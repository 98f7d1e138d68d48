/**
 * Two-step login (issue 38 §1, decision 103) on the wire, with the test clock as the authenticator app's: turning it
 * on with a code of the scanned secret; a login by password or SMS code then gets no session but a ticket; the
 * second step takes a code of the current step or one either side, refuses older or newer ones and a code already
 * used; recovery codes work once; a ticket lasts 5 minutes and 5 wrong codes; another account's ticket or pending
 * secret never passes; sub-accounts sign in without it; turning off and new recovery codes need a code.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInRecords } from "../db/account-security-schema";
import { messages } from "../db/schema";
import { secondStepTickets, twoStepSecrets } from "../db/two-step-schema";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import {
  purgeOldSecondStepTickets,
  SECOND_STEP_TICKET_KEEP_MS,
  SECOND_STEP_TTL_MS,
} from "../modules/accounts/second-step-login";
import { totpCodeAt } from "../modules/accounts/totp";
import { TWO_STEP_SETUP_TTL_MS } from "../modules/accounts/two-step-setup";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});

afterAll(async () => {
  await t?.close();
});

const STEP = 30_000;

/** Turns two-step login on as a user would: scan (read the secret), type the current code. */
async function turnOn(user: RegisteredUser) {
  const begun = await t.post("/two_step/begin", { session: user.token });
  expect(begun.body.status, begun.body.reason).toBe(0);
  const { secret, pending, otpauth_url } = begun.body.data as { secret: string; pending: string; otpauth_url: string };
  expect(otpauth_url).toContain(`secret=${secret}`);
  const on = await t.post("/two_step/enable", {
    session: user.token,
    pending,
    code: totpCodeAt(secret, t.clock.now()),
  });
  expect(on.body.status, on.body.reason).toBe(0);
  // The code that turned it on is spent: the next step's code is what the app shows next.
  t.clock.advance(STEP);
  return { secret, recoveryCodes: on.body.data.recovery_codes as string[] };
}

async function ticketOf(user: RegisteredUser) {
  const reply = await t.post("/login", { phone: user.phone, password: user.password });
  expect(reply.body.status, reply.body.reason).toBe(0);
  expect(reply.body.data).toMatchObject({ need_second_step: true });
  expect(reply.body.data.token).toBeUndefined();
  return reply.body.data.ticket as string;
}

const secondStep = (ticket: string, code: string) => t.post("/login_second_step", { ticket, code });

const lastRecord = async (userId: number) =>
  (
    await t.db
      .select()
      .from(signInRecords)
      .where(eq(signInRecords.userId, userId))
      .orderBy(desc(signInRecords.id))
      .limit(1)
  )[0];

const lastMessage = async (userId: number) =>
  (await t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(desc(messages.id)).limit(1))[0]
    ?.message;

describe("turning two-step login on", () => {
  it("stores the secret sealed, answers 10 recovery codes once and leaves a site message", async () => {
    const user = await t.registerUser();
    expect((await t.post("/get_two_step_status", { session: user.token })).body.data).toEqual({
      enabled: false,
      enabled_at: "",
      recovery_codes_left: 0,
    });
    const { secret, recoveryCodes } = await turnOn(user);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const [row] = await t.db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, user.userId));
    expect(row?.secretSealed).toMatch(/^pd1\./);
    expect(row?.secretSealed).not.toContain(secret);
    expect((await t.post("/get_two_step_status", { session: user.token })).body.data).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect(await lastMessage(user.userId)).toContain("开启两步验证");
    // Beginning again while on is refused.
    expect((await t.post("/two_step/begin", { session: user.token })).body).toMatchObject({ status: 1 });
  });

  it("refuses a wrong code, a setup older than 15 minutes and another account's pending secret, storing nothing", async () => {
    const user = await t.registerUser();
    const stranger = await t.registerUser();
    const begun = (await t.post("/two_step/begin", { session: user.token })).body.data;
    const wrong = await t.post("/two_step/enable", { session: user.token, pending: begun.pending, code: "000000" });
    expect(wrong.body).toMatchObject({ status: 1, data: { field: "code" } });
    const code = totpCodeAt(begun.secret, t.clock.now());
    const theirs = await t.post("/two_step/enable", { session: stranger.token, pending: begun.pending, code });
    expect(theirs.body).toMatchObject({ status: 1, data: { field: "code" } });
    t.clock.advance(TWO_STEP_SETUP_TTL_MS + STEP);
    const late = totpCodeAt(begun.secret, t.clock.now());
    const stale = await t.post("/two_step/enable", { session: user.token, pending: begun.pending, code: late });
    expect(stale.body).toMatchObject({ status: 1, data: { field: "code" } });
    for (const who of [user, stranger])
      expect((await t.post("/get_two_step_status", { session: who.token })).body.data.enabled).toBe(false);
  });

  it("is refused to a sub-account, whose own login never asks for a second step", async () => {
    const user = await t.registerUser();
    await turnOn(user);
    await createSubAccount(t.ctx, await t.callerOf(user), { name: "ts-sub", password: "SubPass123", moneyLimitFen: 0 });
    const login = await t.post("/sub_account_login", { phone: user.phone, name: "ts-sub", password: "SubPass123" });
    expect(login.body.status, login.body.reason).toBe(0);
    const sub = login.body.data.token as string;
    expect(sub).toEqual(expect.any(String));
    for (const path of ["/get_two_step_status", "/two_step/begin", "/two_step/disable"] as const)
      expect((await t.post(path, { session: sub, code: "123456" })).body).toMatchObject({
        status: 1,
        key: "PERMISSION_DENIED",
      });
  });
});

describe("signing in with two-step login on", () => {
  it("gives no session after the password: the ticket opens nothing; the current code does", async () => {
    const user = await t.registerUser();
    const { secret } = await turnOn(user);
    const ticket = await ticketOf(user);
    expect((await t.post("/get_user_info", { session: ticket })).body.status).toBe(2);
    const done = await secondStep(ticket, totpCodeAt(secret, t.clock.now()));
    expect(done.body.status, done.body.reason).toBe(0);
    expect((await t.post("/get_user_info", { session: done.body.data.token })).body.status).toBe(0);
    expect(await lastRecord(user.userId)).toMatchObject({ method: "password", result: "ok" });
    // The ticket is spent.
    t.clock.advance(STEP);
    expect((await secondStep(ticket, totpCodeAt(secret, t.clock.now()))).body).toMatchObject({
      status: 1,
      data: { field: "ticket" },
    });
  });

  it("asks for it after an SMS code too", async () => {
    const user = await t.registerUser();
    const { secret } = await turnOn(user);
    t.clock.advance(61_000);
    const code = await t.sendCode(user.phone, "login");
    const reply = await t.post("/login", { login_type: "code", phone: user.phone, code });
    expect(reply.body.data).toMatchObject({ need_second_step: true });
    const done = await secondStep(reply.body.data.ticket, totpCodeAt(secret, t.clock.now()));
    expect(done.body.status, done.body.reason).toBe(0);
    expect(await lastRecord(user.userId)).toMatchObject({ method: "code", result: "ok" });
  });

  it("takes a code of the step before or after, refuses one two steps away, and never the same code twice", async () => {
    const user = await t.registerUser();
    const { secret } = await turnOn(user);
    t.clock.advance(10 * STEP);
    const now = t.clock.now().getTime();
    const at = (steps: number) => totpCodeAt(secret, new Date(now + steps * STEP));
    for (const far of [-2, 2]) {
      const refused = await secondStep(await ticketOf(user), at(far));
      expect(refused.body, `step ${far}`).toMatchObject({ status: 1, data: { field: "code" } });
    }
    expect((await secondStep(await ticketOf(user), at(-1))).body.status).toBe(0);
    expect((await secondStep(await ticketOf(user), at(0))).body.status).toBe(0);
    // Replay: the current step's code again, or an older step's, on a fresh ticket.
    for (const used of [0, -1])
      expect((await secondStep(await ticketOf(user), at(used))).body, `replayed step ${used}`).toMatchObject({
        status: 1,
        data: { field: "code" },
      });
    expect((await secondStep(await ticketOf(user), at(1))).body.status).toBe(0);
  });

  it("takes each recovery code once", async () => {
    const user = await t.registerUser();
    const { recoveryCodes } = await turnOn(user);
    const [first, second] = recoveryCodes as [string, string];
    expect((await secondStep(await ticketOf(user), first)).body.status).toBe(0);
    expect((await secondStep(await ticketOf(user), first)).body).toMatchObject({ status: 1, data: { field: "code" } });
    // Typed in lower case without the dash, it still works.
    expect((await secondStep(await ticketOf(user), second.replace("-", "").toLowerCase())).body.status).toBe(0);
    expect(
      (await t.post("/get_two_step_status", { session: await secondStepLogin(user, recoveryCodes[2]!) })).body.data,
    ).toMatchObject({ recovery_codes_left: 7 });
  });

  it("lets a ticket expire after 5 minutes", async () => {
    const user = await t.registerUser();
    const { secret } = await turnOn(user);
    const ticket = await ticketOf(user);
    t.clock.advance(SECOND_STEP_TTL_MS + 1);
    expect((await secondStep(ticket, totpCodeAt(secret, t.clock.now()))).body).toMatchObject({
      status: 1,
      data: { field: "ticket" },
    });
  });

  it("keeps a lapsed ticket a day, then the hourly job deletes it", async () => {
    const user = await t.registerUser();
    await turnOn(user);
    await ticketOf(user);
    const mine = () => t.db.select().from(secondStepTickets).where(eq(secondStepTickets.userId, user.userId));
    t.clock.advance(SECOND_STEP_TTL_MS + SECOND_STEP_TICKET_KEEP_MS - 60_000);
    await purgeOldSecondStepTickets(t.ctx);
    expect(await mine()).toHaveLength(1);
    t.clock.advance(2 * 60_000);
    expect(await purgeOldSecondStepTickets(t.ctx)).toBeGreaterThan(0);
    expect(await mine()).toHaveLength(0);
  });

  it("burns a ticket after 5 wrong codes, records each and counts them toward the CAPTCHA", async () => {
    const user = await t.registerUser();
    const { secret } = await turnOn(user);
    const ticket = await ticketOf(user);
    for (let i = 0; i < 5; i++)
      expect((await secondStep(ticket, "000000")).body).toMatchObject({ status: 1, data: { field: "code" } });
    expect(await lastRecord(user.userId)).toMatchObject({ method: "password", result: "second_step_failed" });
    const failed = await t.db
      .select()
      .from(signInRecords)
      .where(and(eq(signInRecords.userId, user.userId), eq(signInRecords.result, "second_step_failed")));
    expect(failed).toHaveLength(5);
    expect((await secondStep(ticket, totpCodeAt(secret, t.clock.now()))).body).toMatchObject({
      status: 1,
      data: { field: "ticket" },
    });
    // The phone's failures now ask for a CAPTCHA before the password is checked again.
    expect((await t.post("/login", { phone: user.phone, password: user.password })).body).toMatchObject({
      key: "CAPTCHA_REQUIRED",
    });
  });

  it("never passes another account's ticket with one's own code", async () => {
    const victim = await t.registerUser();
    const attacker = await t.registerUser();
    await turnOn(victim);
    const mine = await turnOn(attacker);
    const theirs = await ticketOf(victim);
    for (const code of [totpCodeAt(mine.secret, t.clock.now()), mine.recoveryCodes[0]!])
      expect((await secondStep(theirs, code)).body).toMatchObject({ status: 1, data: { field: "code" } });
    // The attacker's own codes are still unused.
    expect((await secondStep(await ticketOf(attacker), mine.recoveryCodes[0]!)).body.status).toBe(0);
  });
});

/** Signs in with the password and the given second factor; the session token. */
async function secondStepLogin(user: RegisteredUser, code: string) {
  const reply = await secondStep(await ticketOf(user), code);
  expect(reply.body.status, reply.body.reason).toBe(0);
  return reply.body.data.token as string;
}

describe("turning two-step login off and new recovery codes", () => {
  it("needs a current code to turn off; then the password alone signs in and a message is left", async () => {
    const user = await t.registerUser();
    const { secret } = await turnOn(user);
    expect((await t.post("/two_step/disable", { session: user.token, code: "000000" })).body).toMatchObject({
      status: 1,
      data: { field: "code" },
    });
    const off = await t.post("/two_step/disable", { session: user.token, code: totpCodeAt(secret, t.clock.now()) });
    expect(off.body.status, off.body.reason).toBe(0);
    expect(await lastMessage(user.userId)).toContain("关闭两步验证");
    // Sessions stay (decision 103).
    expect((await t.post("/get_user_info", { session: user.token })).body.status).toBe(0);
    const login = await t.post("/login", { phone: user.phone, password: user.password });
    expect(login.body.data.token).toEqual(expect.any(String));
  });

  it("replaces the recovery codes on a recovery code: the old ones stop working", async () => {
    const user = await t.registerUser();
    const { recoveryCodes } = await turnOn(user);
    const made = await t.post("/two_step/regenerate_recovery_codes", { session: user.token, code: recoveryCodes[0]! });
    expect(made.body.status, made.body.reason).toBe(0);
    const fresh = made.body.data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect(await lastMessage(user.userId)).toContain("重新生成两步验证恢复码");
    expect((await secondStep(await ticketOf(user), recoveryCodes[1]!)).body).toMatchObject({ status: 1 });
    await secondStepLogin(user, fresh[0]!);
  });
});

describe("bad input", () => {
  it("is refused with a Chinese reason beside its field, never a 500", async () => {
    const user = await t.registerUser();
    const cases: [string, Record<string, string>, string][] = [
      ["/login_second_step", { code: "123456" }, "ticket"],
      ["/login_second_step", { ticket: "x".repeat(43), code: "123456" }, "ticket"],
      ["/login_second_step", { ticket: "short", code: "123456" }, "ticket"],
      ["/login_second_step", { ticket: "a".repeat(43), code: "1".repeat(33) }, "code"],
      ["/two_step/enable", { session: user.token, pending: "pd1.garbage", code: "123456" }, "code"],
      ["/two_step/enable", { session: user.token, pending: "not sealed at all", code: "123456" }, "code"],
      ["/two_step/enable", { session: user.token, code: "123456" }, "pending"],
      ["/two_step/disable", { session: user.token, code: "123456" }, "code"],
      ["/two_step/regenerate_recovery_codes", { session: user.token }, "code"],
    ];
    for (const [path, fields, field] of cases) {
      const reply = await t.post(path, fields);
      expect(reply.http, `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
      expect(reply.body, `${path} ${JSON.stringify(fields)}`).toMatchObject({ status: 1, data: { field } });
      expect(reply.body.reason).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await t.post("/two_step/begin", { session: "no-such-session" })).body.status).toBe(2);
  });
});
