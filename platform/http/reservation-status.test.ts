/**
 * Issue 36 §2: a bare-metal reservation is pending, confirmed or cancelled.
 * Its user cancels a pending one; an operator confirms one with
 * `npm run ops -- reservation confirm` and the user gets one site message.
 * Another account's reservation is not found and nothing changes.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { notifications } from "../db/schema";
import { RESERVATION_CONFIRMED_TITLE } from "../modules/market/reservation-status";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const valid = {
  region: "bj-a",
  gpu: "h100-80g",
  machines: "1",
  months: "3",
  contact_name: "李四",
  contact_phone: "13912345678",
};

async function reserve(user: RegisteredUser | string): Promise<number> {
  const session = typeof user === "string" ? user : user.token;
  const made = await t.post("/add_baremetal_reservation", { session, ...valid });
  expect(made.body.status, made.body.reason).toBe(0);
  return made.body.data.Id as number;
}

const statusOf = async (token: string, id: number) =>
  (
    (await t.post("/get_baremetal_reservations", { session: token })).body.data.reservations as {
      Id: number;
      Status: string;
    }[]
  ).find((r) => r.Id === id)?.Status;

const cancel = (token: string, id: number | string) =>
  t.post("/cancel_baremetal_reservation", { session: token, reservation_id: String(id) });

/** The confirmation's site messages to `userId` (registration sends its own welcome). */
const noticesOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, RESERVATION_CONFIRMED_TITLE)));

it("its user cancels a pending reservation once; a cancelled one cannot be cancelled or confirmed", async () => {
  const owner = await t.registerUser();
  const id = await reserve(owner);
  expect(await statusOf(owner.token, id)).toBe("pending");

  const cancelled = await cancel(owner.token, id);
  expect(cancelled.body).toMatchObject({ status: 0, data: { Id: id, Status: "cancelled" } });
  expect(await statusOf(owner.token, id)).toBe("cancelled");

  const again = await cancel(owner.token, id);
  expect(again.body).toMatchObject({ status: 1, data: { field: "reservation_id" } });
  expect(again.body.reason).toContain("已取消");
  const confirm = await t.ops("reservation confirm", { id: String(id) });
  expect(confirm.body).toMatchObject({ ok: false });
  expect(await statusOf(owner.token, id)).toBe("cancelled");
  expect(await noticesOf(owner.userId)).toHaveLength(0);
});

it("an operator confirms a pending reservation: one site message; confirming again or cancelling changes nothing", async () => {
  const owner = await t.registerUser();
  const id = await reserve(owner);
  const confirmed = await t.ops("reservation confirm", { id: String(id) }, "ops-wang");
  expect(confirmed.body).toMatchObject({
    ok: true,
    outcome: { before: { status: "pending" }, after: { status: "confirmed" } },
  });
  expect(await statusOf(owner.token, id)).toBe("confirmed");
  const notices = await noticesOf(owner.userId);
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatchObject({ title: RESERVATION_CONFIRMED_TITLE });
  expect(notices[0]!.original).toContain("北京A区 · H100 80GB × 1 台，3 个月");

  expect((await t.ops("reservation confirm", { id: String(id) })).body).toMatchObject({ ok: false });
  expect((await cancel(owner.token, id)).body.reason).toContain("已确认");
  expect(await statusOf(owner.token, id)).toBe("confirmed");
  expect(await noticesOf(owner.userId)).toHaveLength(1);
  expect((await t.ops("reservation confirm", { id: "999999" })).body).toMatchObject({ ok: false, error: "NOT_FOUND" });
  expect((await t.ops("reservation confirm", { id: "abc" })).body).toMatchObject({ ok: false, error: "bad_arguments" });
});

it("two confirmations at once confirm it once and send one message", async () => {
  const owner = await t.registerUser();
  const id = await reserve(owner);
  const replies = await Promise.all([1, 2, 3].map(() => t.ops("reservation confirm", { id: String(id) })));
  expect(replies.filter((r) => r.body.ok === true)).toHaveLength(1);
  expect(await noticesOf(owner.userId)).toHaveLength(1);
});

it("another account's reservation is not found, and a sub-account cannot cancel its main account's or a sibling's", async () => {
  const owner = await t.registerUser();
  const stranger = await t.registerUser();
  const id = await reserve(owner);
  const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: owner.token });
  for (const name of ["rs-a", "rs-b"])
    await createSubAccount(t.ctx, caller, { name, password: "Rssub1234", moneyLimitFen: 0 });
  const subToken = async (name: string) =>
    (await t.post("/sub_account_login", { phone: owner.phone, name, password: "Rssub1234" })).body.data.token as string;
  const [subA, subB] = [await subToken("rs-a"), await subToken("rs-b")];
  const bySubA = await reserve(subA);

  for (const [token, target] of [
    [stranger.token, id],
    [subA, id],
    [subB, bySubA],
  ] as const) {
    const reply = await cancel(token, target);
    expect(reply.body).toMatchObject({
      status: 1,
      reason: "预约不存在或无权访问",
      data: { field: "reservation_id" },
    });
  }
  expect(await statusOf(owner.token, id)).toBe("pending");
  expect(await statusOf(owner.token, bySubA)).toBe("pending");
  // The main account sees and may cancel its sub-account's reservation; the sub-account its own.
  expect((await cancel(subA, bySubA)).body.status).toBe(0);
  expect((await cancel(owner.token, id)).body.status).toBe(0);
});

it("refuses a bad reservation id in Chinese beside the field, and needs a session", async () => {
  const owner = await t.registerUser();
  for (const bad of ["", "0", "-1", "abc", "1.5", "9".repeat(30)]) {
    const reply = await cancel(owner.token, bad);
    expect(reply.http, bad).toBeLessThan(500);
    expect(reply.body).toMatchObject({ status: 1, data: { field: "reservation_id" } });
  }
  expect((await t.post("/cancel_baremetal_reservation", { reservation_id: "1" })).body.status).toBe(2);
});
