/**
 * 更换手机号 (issue 38 §1): the old number's code, then the new number's; the account signs in with the new number,
 * not the old; other sessions end and a site message is left. A wrong old code, another account's number, a used or
 * expired ticket, a stranger's ticket and a sub-account are refused beside their field, changing nothing.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, users } from "../db/schema";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { PHONE_CHANGE_TICKET_TTL_MS } from "../modules/accounts/change-phone";
import { startTestPlatform, uniquePhone, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});

afterAll(async () => {
  await t?.close();
});

/** The code the sandbox SMS sent to `phone` last (the registration's code was this minute: a minute passes first). */
async function oldCode(user: RegisteredUser) {
  t.clock.advance(61_000);
  const sent = await t.post("/change_phone/send_old_code", { session: user.token });
  expect(sent.body.status, sent.body.reason).toBe(0);
  return (await t.readSms(user.phone))[0]!.code;
}

async function ticketOf(user: RegisteredUser) {
  const reply = await t.post("/change_phone/verify_old", { session: user.token, old_code: await oldCode(user) });
  expect(reply.body.status, reply.body.reason).toBe(0);
  return reply.body.data.ticket as string;
}

const phoneOf = async (userId: number) =>
  (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]!.phone;

describe("/change_phone", () => {
  it("moves the account to the new number: it signs in with it, other sessions end, a message is left", async () => {
    const user = await t.registerUser();
    const other = await t.login(user.phone, user.password);
    const ticket = await ticketOf(user);
    const fresh = uniquePhone();
    const code = await t.sendCode(fresh, "change_phone");
    const reply = await t.post("/change_phone", { session: user.token, ticket, phone: fresh, code });
    expect(reply.body).toMatchObject({ status: 0, data: { phone: `${fresh.slice(0, 3)}****${fresh.slice(7)}` } });
    expect(await phoneOf(user.userId)).toBe(fresh);
    expect((await t.post("/get_user_info", { session: other })).body.status).toBe(2);
    expect((await t.post("/get_user_info", { session: user.token })).body.status).toBe(0);
    expect((await t.post("/login", { phone: fresh, password: user.password })).body.status).toBe(0);
    expect((await t.post("/login", { phone: user.phone, password: user.password })).body.status).toBe(1);
    const [message] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.userId, user.userId))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(message?.message).toContain(`更换为 ${fresh.slice(0, 3)}****${fresh.slice(7)}`);
    // The ticket is spent.
    const again = await t.post("/change_phone", { session: user.token, ticket, phone: uniquePhone(), code });
    expect(again.body).toMatchObject({ status: 1, data: { field: "old_code" } });
  });

  it("refuses a wrong old code beside old_code", async () => {
    const user = await t.registerUser();
    await oldCode(user);
    const reply = await t.post("/change_phone/verify_old", { session: user.token, old_code: "000000" });
    expect(reply.body).toMatchObject({ status: 1, data: { field: "old_code" } });
  });

  it("refuses another account's number, the same number, a bad one and a wrong new code, keeping the phone", async () => {
    const user = await t.registerUser();
    const neighbour = await t.registerUser();
    const ticket = await ticketOf(user);
    const cases: [Record<string, string>, string][] = [
      [{ phone: neighbour.phone, code: "123456" }, "phone"],
      [{ phone: user.phone, code: "123456" }, "phone"],
      [{ phone: "1234", code: "123456" }, "phone"],
      [{ phone: uniquePhone(), code: "000000" }, "code"],
    ];
    for (const [fields, field] of cases) {
      const reply = await t.post("/change_phone", { session: user.token, ticket, ...fields });
      expect(reply.body, JSON.stringify(fields)).toMatchObject({ status: 1, data: { field } });
    }
    expect(await phoneOf(user.userId)).toBe(user.phone);
  });

  it("refuses an expired ticket, a stranger's ticket and a made-up one", async () => {
    const user = await t.registerUser();
    const stranger = await t.registerUser();
    const strangersTicket = await ticketOf(stranger);
    const ticket = await ticketOf(user);
    const fresh = uniquePhone();
    const code = await t.sendCode(fresh, "change_phone");
    for (const bad of [strangersTicket, "x".repeat(43), "short"]) {
      const reply = await t.post("/change_phone", { session: user.token, ticket: bad, phone: fresh, code });
      expect(reply.body).toMatchObject({ status: 1, data: { field: "old_code" } });
    }
    t.clock.advance(PHONE_CHANGE_TICKET_TTL_MS + 1000);
    const late = await t.post("/change_phone", { session: user.token, ticket, phone: fresh, code });
    expect(late.body).toMatchObject({ status: 1, data: { field: "old_code" } });
    expect(await phoneOf(user.userId)).toBe(user.phone);
    expect(await phoneOf(stranger.userId)).toBe(stranger.phone);
  });

  it("is refused to a sub-account", async () => {
    const user = await t.registerUser();
    await createSubAccount(t.ctx, await t.callerOf(user), { name: "ph-sub", password: "SubPass123", moneyLimitFen: 0 });
    const sub = (await t.post("/sub_account_login", { phone: user.phone, name: "ph-sub", password: "SubPass123" })).body
      .data.token as string;
    for (const path of ["/change_phone/send_old_code", "/change_phone/verify_old", "/change_phone"])
      expect(
        (await t.post(path, { session: sub, old_code: "123456", ticket: "x", phone: "13900001111", code: "1" })).body,
      ).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
  });
});
