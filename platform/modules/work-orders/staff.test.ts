/**
 * The desk's actions on an order (issue 11 §5): each checks the state
 * transition, returns before and after for the audit, writes the thread event
 * with who and when, and a reply notifies the user by its subscriptions.
 */
import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../../tests/support/platform";
import { fileOrder, insertUpload, workOrderClient, type WorkOrderClient } from "../../../tests/support/work-orders";
import { messageDeliveries } from "../../db/delivery-schema";
import { emailOutbox, notifications, smsOutbox, users } from "../../db/schema";
import { workOrderEvents, workOrders, workOrderSubscriptions } from "../../db/work-order-schema";
import { SmsSendError } from "../../providers/sms/types";
import { deliverDueMessages, RETRY_BASE_MS } from "../deliveries/deliver";
import { deliveriesSettled } from "../deliveries/soon";
import { staffGetOrder, staffQueue } from "./staff-queue";
import { staffInternalNote } from "./staff-note";
import { staffReassign } from "./staff-reassign";
import { staffReply } from "./staff-reply";
import { staffAskForMore, staffClose, staffResolve } from "./staff-status";
import { staffTake } from "./staff-take";

let t: TestPlatform;
let user: RegisteredUser;
let c: WorkOrderClient;
const AGENT = { staffId: 11 };
const LEAD = { staffId: 12 };

beforeAll(async () => {
  t = await startTestPlatform();
  user = await t.registerUser();
  c = workOrderClient(t, user.token);
});
afterAll(() => t.close());

const refusedWith = async (action: Promise<unknown>, key: string) => {
  await expect(action).rejects.toMatchObject({ key });
};

const lastEvent = async (orderId: number) =>
  (
    await t.db
      .select()
      .from(workOrderEvents)
      .where(eq(workOrderEvents.orderId, orderId))
      .orderBy(desc(workOrderEvents.id))
      .limit(1)
  )[0]!;

describe("transitions", () => {
  it("take → ask → user answers → resolve → close, each with before/after and an event by whom", async () => {
    const id = await fileOrder(t, c, user.userId);
    const taken = await staffTake(t.ctx, AGENT, { orderId: id });
    expect(taken).toMatchObject({
      orderId: id,
      before: { status: "new", assigneeStaffId: null },
      after: { status: "processing", assigneeStaffId: AGENT.staffId },
      notice: null,
    });
    expect(await lastEvent(id)).toMatchObject({
      kind: "state_change",
      authorKind: "staff",
      authorId: AGENT.staffId,
      fromStatus: "new",
      toStatus: "processing",
    });
    await refusedWith(staffTake(t.ctx, LEAD, { orderId: id }), "WORK_ORDER_STATE");

    t.clock.advance(60_000);
    const asked = await staffAskForMore(t.ctx, AGENT, { orderId: id, body: "请提供订单号" });
    expect(asked.before.status).toBe("processing");
    expect(asked.after).toMatchObject({ status: "waiting_user", userUnread: true, staffUnread: false });
    expect(asked.eventIds).toHaveLength(2);
    expect(asked.notice).toEqual({ site: true, sms: false, email: false });
    await refusedWith(staffAskForMore(t.ctx, AGENT, { orderId: id, body: "再问一次" }), "WORK_ORDER_STATE");

    await c.post("/comments", { order_id: id, content: "R20261123" });
    const [back] = await t.db.select().from(workOrders).where(eq(workOrders.id, id));
    expect(back).toMatchObject({ status: "processing", staffUnread: true });

    const resolved = await staffResolve(t.ctx, AGENT, { orderId: id });
    expect(resolved).toMatchObject({ before: { status: "processing" }, after: { status: "resolved" }, notice: null });
    const [ended] = await t.db.select().from(workOrders).where(eq(workOrders.id, id));
    expect(ended!.endedAt).toEqual(t.clock.now());
    await refusedWith(staffReply(t.ctx, AGENT, { orderId: id, body: "补充" }), "WORK_ORDER_STATE");
    await refusedWith(staffAskForMore(t.ctx, AGENT, { orderId: id, body: "补充" }), "WORK_ORDER_STATE");

    const closed = await staffClose(t.ctx, LEAD, { orderId: id, body: "工单已关闭，如有问题请重新提交。" });
    expect(closed).toMatchObject({ before: { status: "resolved" }, after: { status: "closed" } });
    expect(closed.notice?.site).toBe(true);
    await refusedWith(staffClose(t.ctx, LEAD, { orderId: id }), "WORK_ORDER_STATE");
    await refusedWith(staffResolve(t.ctx, LEAD, { orderId: id }), "WORK_ORDER_STATE");
    await refusedWith(
      staffReassign(t.ctx, LEAD, { orderId: id, assigneeStaffId: AGENT.staffId + 5 }),
      "WORK_ORDER_STATE",
    );
    // An internal note is still possible on a closed order.
    expect((await staffInternalNote(t.ctx, LEAD, { orderId: id, body: "复盘：回调超时" })).after.status).toBe("closed");

    const thread = (await staffGetOrder(t.ctx, LEAD, { orderId: id })).events.map((e) => [
      e.kind,
      e.toStatus,
      e.authorKind,
    ]);
    expect(thread).toEqual([
      ["state_change", "new", "user"],
      ["state_change", "processing", "staff"],
      ["comment", null, "staff"],
      ["state_change", "waiting_user", "staff"],
      ["comment", null, "user"],
      ["state_change", "processing", "user"],
      ["state_change", "resolved", "staff"],
      ["comment", null, "staff"],
      ["state_change", "closed", "staff"],
      ["internal_note", null, "staff"],
    ]);
    const userThread = (await c.get(`/orders/${id}`)).body.data.events;
    expect(userThread).toHaveLength(9);
  });

  it("a reply to a new order takes it; a revoked order refuses staff moves", async () => {
    const id = await fileOrder(t, c, user.userId);
    const replied = await staffReply(t.ctx, LEAD, { orderId: id, body: "您好" });
    expect(replied).toMatchObject({
      before: { status: "new", assigneeStaffId: null, userUnread: false },
      after: { status: "processing", assigneeStaffId: LEAD.staffId, userUnread: true },
    });
    await c.put(`/orders/${id}`, { action: "revoke" });
    const moves = [
      () => staffTake(t.ctx, AGENT, { orderId: id }),
      () => staffReply(t.ctx, AGENT, { orderId: id, body: "x" }),
      () => staffResolve(t.ctx, AGENT, { orderId: id }),
      () => staffClose(t.ctx, AGENT, { orderId: id }),
    ];
    for (const move of moves) await refusedWith(move(), "WORK_ORDER_STATE");
    await refusedWith(staffTake(t.ctx, AGENT, { orderId: 999_999 }), "WORK_ORDER_NOT_FOUND");
  });

  it("two staff taking one order at once: exactly one takes it", async () => {
    const id = await fileOrder(t, c, user.userId);
    const results = await Promise.allSettled([
      staffTake(t.ctx, AGENT, { orderId: id }),
      staffTake(t.ctx, LEAD, { orderId: id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const takes = await t.db.select().from(workOrderEvents).where(eq(workOrderEvents.orderId, id));
    expect(takes.filter((e) => e.toStatus === "processing")).toHaveLength(1);
  });

  it("reassign records an internal note the user never sees; the staff reply attaches staff uploads", async () => {
    const id = await fileOrder(t, c, user.userId);
    await staffTake(t.ctx, AGENT, { orderId: id });
    const moved = await staffReassign(t.ctx, AGENT, {
      orderId: id,
      assigneeStaffId: LEAD.staffId,
      note: "需要财务确认",
    });
    expect(moved).toMatchObject({
      before: { assigneeStaffId: AGENT.staffId },
      after: { assigneeStaffId: LEAD.staffId },
    });
    expect(await lastEvent(id)).toMatchObject({
      kind: "internal_note",
      body: `转派：客服 #${AGENT.staffId} → 客服 #${LEAD.staffId}。需要财务确认`,
    });
    await refusedWith(staffReassign(t.ctx, AGENT, { orderId: id, assigneeStaffId: LEAD.staffId }), "WORK_ORDER_STATE");

    const staffFile = await insertUpload(t, { staffId: LEAD.staffId }, "guide.png");
    const userFile = await insertUpload(t, { userId: user.userId });
    await refusedWith(
      staffReply(t.ctx, LEAD, { orderId: id, body: "见附件", attachmentIds: [userFile] }),
      "WORK_ORDER_FILE_NOT_FOUND",
    );
    await staffReply(t.ctx, LEAD, { orderId: id, body: "见附件", attachmentIds: [staffFile] });
    const detail = (await c.get(`/orders/${id}`)).body.data;
    expect(detail.attachments.map((a: any) => a.id)).toEqual([staffFile]);
    expect(JSON.stringify(detail)).not.toContain("需要财务确认");
  });

  it("the queue: filters by status, assignee and waiting-for-us, longest waiting first", async () => {
    const fresh = await t.registerUser();
    const fc = workOrderClient(t, fresh.token);
    const first = await fileOrder(t, fc, fresh.userId);
    t.clock.advance(60_000);
    const second = await fileOrder(t, fc, fresh.userId);
    await staffTake(t.ctx, AGENT, { orderId: second });
    const waiting = await staffQueue(t.ctx, LEAD, { status: "new", page: 1, pageSize: 50 });
    expect(waiting.items.map((o) => o.id)).toContain(first);
    expect(waiting.items.map((o) => o.id)).not.toContain(second);
    const mine = await staffQueue(t.ctx, AGENT, { status: "open", assignee: AGENT.staffId, page: 1, pageSize: 50 });
    expect(mine.items.map((o) => o.id)).toContain(second);
    const unassigned = await staffQueue(t.ctx, AGENT, { status: "open", assignee: "none", page: 1, pageSize: 50 });
    expect(unassigned.items.every((o) => o.assigneeStaffId === null)).toBe(true);
    const all = await staffQueue(t.ctx, AGENT, { status: "open", page: 1, pageSize: 50 });
    const activity = all.items.map((o) => o.lastUserActivityAt.getTime());
    expect(activity).toEqual([...activity].sort((a, b) => a - b));
  });
});

describe("reply notices", () => {
  const noticeEmail = "notify@lab.cn";

  it("site at once; SMS and email queued with the reply and delivered after its commit", async () => {
    await t.db
      .update(users)
      .set({ noticeEmail, noticeEmailConfirmedAt: t.clock.now() })
      .where(eq(users.id, user.userId));
    const id = await fileOrder(t, c, user.userId);
    await staffReply(t.ctx, AGENT, { orderId: id, body: "第一次回复" });
    await deliveriesSettled(t.db);
    const replyNotices = async () =>
      (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone))).filter(
        (m) => m.purpose === "work_order_reply",
      );
    expect(await replyNotices()).toEqual([]);
    await c.post("/notifications", { order_id: id, channel: "sms" });
    await c.post("/notifications", { order_id: id, channel: "email" });
    const result = await staffReply(t.ctx, AGENT, { orderId: id, body: "第二次回复" });
    expect(result.notice).toEqual({ site: true, sms: true, email: true });
    await deliveriesSettled(t.db);
    expect(await replyNotices()).toEqual([expect.objectContaining({ code: `order=${id}` })]);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, noticeEmail));
    expect(mail!.subject).toContain("工单回复");
    expect(mail!.body).toContain(`#${id}`);
    const queued = await t.db
      .select()
      .from(messageDeliveries)
      .where(inArray(messageDeliveries.recipient, [user.phone, noticeEmail]));
    expect(queued.map((m) => [m.channel, m.status, m.attempts]).sort()).toEqual([
      ["email", "sent", 1],
      ["sms", "sent", 1],
    ]);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.userId));
    expect(notes.filter((n) => n.original.includes(`#${id}`))).toHaveLength(2);
  });

  it("unsubscribed from site: no notification; a failing SMS gateway does not stop the email, and is retried", async () => {
    await t.db
      .update(users)
      .set({ noticeEmail, noticeEmailConfirmedAt: t.clock.now() })
      .where(eq(users.id, user.userId));
    const id = await fileOrder(t, c, user.userId);
    const detail = (await c.get(`/orders/${id}`)).body.data;
    await c.del(`/notifications/${detail.subscriptions[0].id}`);
    await c.post("/notifications", { order_id: id, channel: "sms" });
    await c.post("/notifications", { order_id: id, channel: "email" });
    const sms = t.ctx.providers.sms;
    t.ctx.providers.sms = {
      sendCode: sms.sendCode.bind(sms),
      sendNotice: async () => {
        throw new SmsSendError("isv.BUSINESS_LIMIT_CONTROL", "limited");
      },
    };
    try {
      const result = await staffReply(t.ctx, AGENT, { orderId: id, body: "回复" });
      expect(result.notice).toEqual({ site: false, sms: true, email: true });
      await deliveriesSettled(t.db);
      const queued = await t.db
        .select()
        .from(messageDeliveries)
        .where(inArray(messageDeliveries.recipient, [user.phone, noticeEmail]));
      const smsRow = queued.find((m) => m.channel === "sms" && m.payload.order === String(id));
      expect(smsRow).toMatchObject({
        status: "pending",
        attempts: 1,
        lastError: "SmsSendError isv.BUSINESS_LIMIT_CONTROL",
      });
      expect(smsRow!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + RETRY_BASE_MS);
      expect(queued.filter((m) => m.channel === "email" && m.status === "sent")).toHaveLength(2);
    } finally {
      t.ctx.providers.sms = sms;
    }
    expect(await deliverDueMessages(t.ctx)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    t.clock.advance(RETRY_BASE_MS);
    expect(await deliverDueMessages(t.ctx)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const delivered = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone));
    expect(delivered.filter((m) => m.code === `order=${id}`)).toHaveLength(1);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.userId));
    expect(notes.some((n) => n.original.includes(`#${id}`))).toBe(false);
  });

  it("no email once the notice email is changed, even back to the subscribed address, until it is confirmed again", async () => {
    await t.db
      .update(users)
      .set({ noticeEmail, noticeEmailConfirmedAt: t.clock.now() })
      .where(eq(users.id, user.userId));
    const id = await fileOrder(t, c, user.userId);
    expect((await c.post("/notifications", { order_id: id, channel: "email" })).http).toBe(200);
    expect((await staffReply(t.ctx, AGENT, { orderId: id, body: "一" })).notice?.email).toBe(true);
    // Changed away and back: the address is the subscribed one again, but nobody has confirmed it since.
    await t.post("/change_notice_email", { session: user.token, email: "elsewhere@lab.cn" });
    expect((await staffReply(t.ctx, AGENT, { orderId: id, body: "二" })).notice?.email).toBe(false);
    await t.post("/change_notice_email", { session: user.token, email: noticeEmail });
    expect((await t.userByPhone(user.phone))?.noticeEmailConfirmedAt).toBeNull();
    const result = await staffReply(t.ctx, AGENT, { orderId: id, body: "三" });
    expect(result.notice).toEqual({ site: true, sms: false, email: false });
    await deliveriesSettled(t.db);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, noticeEmail));
    expect(mails.filter((m) => m.body.includes(`#${id}`))).toHaveLength(1);
  });

  it("a subscription stored with a stranger's address before decision 059 gets nothing", async () => {
    const id = await fileOrder(t, c, user.userId);
    await t.db.insert(workOrderSubscriptions).values([
      { orderId: id, channel: "sms", address: "13700001111" },
      { orderId: id, channel: "email", address: "stranger@example.net" },
    ]);
    const result = await staffReply(t.ctx, AGENT, { orderId: id, body: "回复" });
    expect(result.notice).toEqual({ site: true, sms: false, email: false });
    const queued = await t.db
      .select()
      .from(messageDeliveries)
      .where(inArray(messageDeliveries.recipient, ["13700001111", "stranger@example.net"]));
    expect(queued).toEqual([]);
  });
});
