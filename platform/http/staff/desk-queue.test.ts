import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";
import { insertCategory, insertWorkOrder } from "../../../tests/support/work-order-rows";
import { staffAccounts } from "../../db/staff-schema";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

describe("the desk's queue", () => {
  it("lists every user's open orders, longest waiting first, with unread and waiting marks, filtered", async () => {
    const staff = await addStaff(t);
    const token = await staffLogin(t, staff);
    const [me] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.login, staff.login));
    const alice = await t.registerUser();
    const bob = await t.registerUser();
    const { category, question } = await insertCategory(t.db);
    const other = await insertCategory(t.db);
    const now = t.clock.now().getTime();
    const old = await insertWorkOrder(t.db, {
      userId: alice.userId,
      categoryId: category.id,
      questionId: question.id,
      title: "旧工单",
      at: new Date(now - 30 * HOUR),
    });
    const mine = await insertWorkOrder(t.db, {
      userId: bob.userId,
      categoryId: other.category.id,
      questionId: other.question.id,
      title: "我的工单",
      status: "processing",
      at: new Date(now - 2 * HOUR),
      assigneeStaffId: me!.id,
    });
    const done = await insertWorkOrder(t.db, {
      userId: bob.userId,
      categoryId: category.id,
      questionId: question.id,
      status: "closed",
      at: new Date(now - HOUR),
    });

    const open = await staffPost(t, "/work-orders/queue", token, { category_id: category.id });
    expect(open.body.status).toBe(0);
    expect(open.body.data.list.map((o: { id: number }) => o.id)).toEqual([old.id]);
    expect(open.body.data.list[0]).toMatchObject({
      title: "旧工单",
      status: "new",
      unread: true,
      waiting_for_us: true,
      assignee: null,
      user_phone: `${alice.phone.slice(0, 3)}****${alice.phone.slice(7)}`,
    });

    // The tabs' figures: per state within the other filters (this category), whatever the state asked for.
    expect(open.body.data.status_counts).toEqual({
      new: 1,
      processing: 0,
      waiting_user: 0,
      resolved: 0,
      closed: 1,
      revoked: 0,
    });
    const mineCounted = await staffPost(t, "/work-orders/queue", token, { status: "closed", assignee: "me" });
    expect(mineCounted.body.data.status_counts).toMatchObject({ new: 0, processing: 1, closed: 0 });

    const all = await staffPost(t, "/work-orders/queue", token, { status: "all", category_id: category.id });
    expect(all.body.data.list.map((o: { id: number }) => o.id)).toEqual([old.id, done.id]);

    const assigned = await staffPost(t, "/work-orders/queue", token, { assignee: "me" });
    expect(assigned.body.data.list.map((o: { id: number }) => o.id)).toEqual([mine.id]);
    expect(assigned.body.data.list[0].assignee).toEqual({ id: me!.id, name: staff.name });

    const waited = await staffPost(t, "/work-orders/queue", token, { min_wait_hours: 24 });
    const waitedIds = waited.body.data.list.map((o: { id: number }) => o.id);
    expect(waitedIds).toContain(old.id);
    expect(waitedIds).not.toContain(mine.id);

    const paged = await staffPost(t, "/work-orders/queue", token, { status: "all", page_size: 1, page: 2 });
    expect(paged.body.data).toMatchObject({ page: 2, page_size: 1 });
    expect(paged.body.data.list).toHaveLength(1);
    expect(paged.body.data.total).toBeGreaterThanOrEqual(3);
  });

  it("refuses bad filters by name, and callers without a staff session", async () => {
    const token = await staffLogin(t, await addStaff(t));
    for (const [field, fields] of [
      ["status", { status: "lost" }],
      ["category_id", { category_id: "x" }],
      ["min_wait_hours", { min_wait_hours: "0" }],
      ["assignee", { assignee: "someone" }],
      ["page_size", { page_size: "500" }],
    ] as const) {
      const reply = await staffPost(t, "/work-orders/queue", token, fields);
      expect(reply.body, field).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field } });
    }
    const user = await t.registerUser();
    expect((await staffPost(t, "/work-orders/queue", user.token)).body.status).toBe(2);
    expect((await staffPost(t, "/work-orders/queue", null, { session: user.token })).body.status).toBe(2);
  });

  it("gives the catalogue to staff only", async () => {
    const token = await staffLogin(t, await addStaff(t));
    const { category } = await insertCategory(t.db, "账户与登录");
    const reply = await staffPost(t, "/work-orders/catalogue", token);
    expect(reply.body.data.categories.find((c: { id: number }) => c.id === category.id)).toMatchObject({
      name: "账户与登录",
      questions: [{ resource_types: ["account"] }],
    });
    expect((await staffPost(t, "/work-orders/catalogue", null)).body.status).toBe(2);
  });
});
