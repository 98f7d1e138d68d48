import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost, type TestStaff } from "../../../tests/support/staff";
import { fileOrder, workOrderClient } from "../../../tests/support/work-orders";
import { staffAccounts, staffAudit } from "../../db/staff-schema";
import { workOrders } from "../../db/work-order-schema";

let t: TestPlatform;
let agent: TestStaff;
let agentToken: string;
let leadToken: string;
beforeAll(async () => {
  t = await startTestPlatform();
  agent = await addStaff(t, "agent", "客服小王");
  agentToken = await staffLogin(t, agent);
  leadToken = await staffLogin(t, await addStaff(t, "lead", "组长老李"));
});
afterAll(() => t.close());

async function userWithOrder() {
  const user = await t.registerUser();
  const client = workOrderClient(t, user.token);
  const orderId = await fileOrder(t, client, user.userId);
  return { user, client, orderId };
}

const staffIdOf = async (login: string) =>
  (await t.db.select().from(staffAccounts).where(eq(staffAccounts.login, login)))[0]!.id;

const auditOf = (orderId: number) =>
  t.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.targetType, "work_order"), eq(staffAudit.targetId, String(orderId))))
    .orderBy(staffAudit.id);

const act = (path: string, token: string, fields: Record<string, string | number>) =>
  staffPost(t, `/work-orders/${path}`, token, fields);

describe("a work order at the desk", () => {
  it("take, reply, note, ask, resolve: the user sees replies but never notes, and each step is audited", async () => {
    const { user, client, orderId } = await userWithOrder();
    const agentId = await staffIdOf(agent.login);

    const opened = await act("detail", agentToken, { id: orderId });
    expect(opened.body.data).toMatchObject({
      id: orderId,
      status: "new",
      assignee: null,
      waiting_for_us: true,
      account: {
        phone: `${user.phone.slice(0, 3)}****${user.phone.slice(7)}`,
        tier_name: "普通会员",
        verification_label: "未认证",
      },
      resource_type: "account",
    });
    expect(opened.body.data.resource_label).toContain("账户");

    expect((await act("take", agentToken, { id: orderId })).body).toMatchObject({
      status: 0,
      data: { id: orderId, status: "processing" },
    });
    expect((await act("reply", agentToken, { id: orderId, content: "您好，**已收到**，正在核查。" })).body.status).toBe(
      0,
    );
    expect((await act("note", agentToken, { id: orderId, content: "内部：支付渠道对账中" })).body.status).toBe(0);
    expect((await act("ask", agentToken, { id: orderId, content: "请提供支付截图" })).body.data.status).toBe(
      "waiting_user",
    );

    expect((await client.get("/unread-flag")).body.data.unread).toBe(true);
    const seen = await client.get(`/orders/${orderId}`);
    const userThread = JSON.stringify(seen.body.data.events);
    expect(userThread).toContain("已收到");
    expect(userThread).toContain("请提供支付截图");
    expect(userThread).not.toContain("支付渠道对账中");

    const detail = await act("detail", agentToken, { id: orderId });
    const kinds = detail.body.data.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain("internal_note");
    const note = detail.body.data.events.find((e: { kind: string }) => e.kind === "internal_note");
    expect(note.author).toEqual({ kind: "staff", name: "客服小王" });
    expect(detail.body.data.assignee).toEqual({ id: agentId, name: "客服小王" });

    expect((await act("resolve", agentToken, { id: orderId })).body.data.status).toBe("resolved");

    const audit = await auditOf(orderId);
    expect(audit.map((a) => a.action)).toEqual([
      "work_order.take",
      "work_order.reply",
      "work_order.note",
      "work_order.ask",
      "work_order.resolve",
    ]);
    expect(audit.every((a) => a.staffId === agentId)).toBe(true);
    expect(audit[0]).toMatchObject({
      before: { status: "new", assigneeStaffId: null },
      after: { status: "processing", assigneeStaffId: agentId },
    });
    expect(JSON.stringify(audit[1]!.after)).not.toContain("已收到");
    expect(audit[1]!.after).toMatchObject({ input: { bodyLength: "您好，**已收到**，正在核查。".length } });
  });

  it("refuses what the state does not allow, bad input by field, unknown orders, and writes no audit for them", async () => {
    const { orderId } = await userWithOrder();
    await act("close", agentToken, { id: orderId, content: "重复工单" });
    const before = (await auditOf(orderId)).length;
    expect((await act("reply", agentToken, { id: orderId, content: "还在吗" })).body).toMatchObject({
      status: 1,
      key: "WORK_ORDER_STATE",
    });
    expect((await act("take", agentToken, { id: orderId })).body.key).toBe("WORK_ORDER_STATE");
    expect((await act("reply", agentToken, { id: orderId, content: "   " })).body).toMatchObject({
      key: "BAD_REQUEST",
      data: { field: "content" },
    });
    expect((await act("reply", agentToken, { id: orderId, content: "x".repeat(10_001) })).body).toMatchObject({
      data: { field: "content" },
    });
    expect((await act("note", agentToken, { id: "abc", content: "x" })).body).toMatchObject({
      key: "BAD_REQUEST",
      data: { field: "id" },
    });
    expect((await act("reassign", agentToken, { id: orderId })).body).toMatchObject({ data: { field: "staff_id" } });
    expect((await act("detail", agentToken, { id: 99_999_999 })).body).toMatchObject({ key: "WORK_ORDER_NOT_FOUND" });
    expect((await act("take", agentToken, { id: 99_999_999 })).body).toMatchObject({ key: "WORK_ORDER_NOT_FOUND" });
    expect((await auditOf(orderId)).length).toBe(before);
  });

  it("reassigns: an agent only what is theirs, a lead any, only to active agents and leads", async () => {
    const { orderId } = await userWithOrder();
    const other = await addStaff(t, "agent", "客服小张");
    const otherId = await staffIdOf(other.login);
    const otherToken = await staffLogin(t, other);
    await act("take", agentToken, { id: orderId });

    expect((await act("reassign", otherToken, { id: orderId, staff_id: otherId })).body).toMatchObject({
      key: "PERMISSION_DENIED",
    });
    expect((await act("reassign", leadToken, { id: orderId, staff_id: 99_999_999 })).body).toMatchObject({
      data: { field: "staff_id" },
    });
    expect((await act("reassign", leadToken, { id: orderId, staff_id: otherId })).body.status).toBe(0);
    const [row] = await t.db.select().from(workOrders).where(eq(workOrders.id, orderId));
    expect(row!.assigneeStaffId).toBe(otherId);
    expect(
      (await act("reassign", otherToken, { id: orderId, staff_id: await staffIdOf(agent.login) })).body.status,
    ).toBe(0);
    const audit = await auditOf(orderId);
    expect(audit.at(-2)).toMatchObject({
      action: "work_order.reassign",
      before: { assigneeStaffId: await staffIdOf(agent.login) },
      after: { assigneeStaffId: otherId },
    });
  });

  it("is closed to users and to dead staff sessions", async () => {
    const { user, orderId } = await userWithOrder();
    for (const path of ["detail", "take", "reply", "note", "ask", "resolve", "close", "reassign"]) {
      const reply = await act(path, user.token, { id: orderId, content: "x", staff_id: 1 });
      expect(reply.body.status, path).toBe(2);
    }
    const [row] = await t.db.select().from(workOrders).where(eq(workOrders.id, orderId));
    expect(row!.status).toBe("new");
    expect(await auditOf(orderId)).toEqual([]);
  });
});
