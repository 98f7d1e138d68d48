/**
 * The work-order IDOR walk (issue 11 §6): every /third-party work-order call
 * that takes an order, attachment, file or subscription id is called by
 * another account — and by the owner's sub-account, which must not see its
 * main account's own orders — with the owner's ids. Each answers 404 with
 * 100041, lists and the unread flag leave the owner's orders out, and nothing
 * of the owner's changes.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";
import {
  accountOrderBody,
  fileOrder,
  insertUpload,
  workOrderClient,
  type WorkOrderClient,
} from "../../tests/support/work-orders";
import { workOrderEvents, workOrderFiles, workOrders, workOrderSubscriptions } from "../db/work-order-schema";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { staffReply } from "../modules/work-orders/staff-reply";

let t: TestPlatform;
let owner: RegisteredUser;
const ids = { order: 0, attached: 0, loose: 0, subscription: 0 };
const intruders: { name: string; client: WorkOrderClient; userId: number; subAccountId: number | null }[] = [];

/** The owner's own rows (its sub-account's, made during the walk, are not the owner's). */
async function snapshot() {
  const orders = await t.db
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.userId, owner.userId), isNull(workOrders.subAccountId)))
    .orderBy(asc(workOrders.id));
  const orderIds = orders.map((o) => o.id);
  const events = await t.db
    .select()
    .from(workOrderEvents)
    .where(inArray(workOrderEvents.orderId, orderIds))
    .orderBy(asc(workOrderEvents.id));
  const files = await t.db
    .select()
    .from(workOrderFiles)
    .where(and(eq(workOrderFiles.uploaderUserId, owner.userId), isNull(workOrderFiles.uploaderSubAccountId)))
    .orderBy(asc(workOrderFiles.id));
  const subscriptions = await t.db
    .select()
    .from(workOrderSubscriptions)
    .where(inArray(workOrderSubscriptions.orderId, orderIds))
    .orderBy(asc(workOrderSubscriptions.id));
  return { orders, events, files, subscriptions };
}

beforeAll(async () => {
  t = await startTestPlatform();
  owner = await t.registerUser();
  const ownerClient = workOrderClient(t, owner.token);
  ids.attached = await insertUpload(t, { userId: owner.userId }, "owner-attached.png");
  ids.loose = await insertUpload(t, { userId: owner.userId }, "owner-loose.png");
  ids.order = await fileOrder(t, ownerClient, owner.userId, { attachment_ids: [ids.attached] });
  const sms = await ownerClient.post("/notifications", { order_id: ids.order, channel: "sms" });
  ids.subscription = sms.body.data.id;
  await staffReply(t.ctx, { staffId: 3 }, { orderId: ids.order, body: "您好，正在处理" });

  const stranger = await t.registerUser();
  intruders.push({
    name: "another account",
    client: workOrderClient(t, stranger.token),
    userId: stranger.userId,
    subAccountId: null,
  });
  const caller = await resolveSession(t.ctx, { origin: { ip: "test" } }, { token: owner.token });
  const { subAccountId } = await createSubAccount(t.ctx, caller, {
    name: "idor-sub",
    password: "Gpulab123",
    moneyLimitFen: 0,
  });
  const login = await t.post("/sub_account_login", { phone: owner.phone, name: "idor-sub", password: "Gpulab123" });
  intruders.push({
    name: "the owner's sub-account",
    client: workOrderClient(t, login.body.data.token),
    userId: owner.userId,
    subAccountId,
  });
});
afterAll(() => t.close());

describe.each([0, 1])("intruder %i", (index) => {
  it("every call with the owner's ids: 404 and 100041, nothing changes", async () => {
    const intruder = intruders[index]!;
    const c = intruder.client;
    const before = await snapshot();
    // The intruder's own open order and upload, to pair with the owner's ids.
    const ownFile = await insertUpload(t, { userId: intruder.userId, subAccountId: intruder.subAccountId });
    const ownOrder = await fileOrder(t, c, intruder.userId);

    const walk: [string, () => Promise<{ http: number; body: any }>][] = [
      ["GET orders/{id}", () => c.get(`/orders/${ids.order}`)],
      ["PUT orders/{id} revoke", () => c.put(`/orders/${ids.order}`, { action: "revoke" })],
      ["PUT orders/{id} comment", () => c.put(`/orders/${ids.order}`, { action: "comment", content: "越权评论" })],
      ["POST comments", () => c.post("/comments", { order_id: ids.order, content: "越权评论" })],
      ["POST attachments (their order)", () => c.post("/attachments", { order_id: ids.order, file_ids: [ownFile] })],
      ["POST attachments (their file)", () => c.post("/attachments", { order_id: ownOrder, file_ids: [ids.loose] })],
      ["DELETE attachments/{id}", () => c.del(`/attachments/${ids.attached}`)],
      [
        "POST notifications",
        () => c.post("/notifications", { order_id: ids.order, channel: "email", address: "x@evil.cn" }),
      ],
      ["DELETE notifications/{id}", () => c.del(`/notifications/${ids.subscription}`)],
      [
        "POST orders (their upload)",
        async () => c.post("/orders", await accountOrderBody(t, intruder.userId, { attachment_ids: [ids.loose] })),
      ],
    ];
    for (const [name, call] of walk) {
      const reply = await call();
      expect(reply.http, name).toBe(404);
      expect(reply.body.code, name).toBe(100041);
      expect(JSON.stringify(reply.body), name).not.toContain("owner-");
    }
    const list = (await c.get("/orders", { page_size: 50 })).body.data;
    expect(list.list.map((o: any) => o.id)).not.toContain(ids.order);
    expect((await c.get("/unread-flag")).body.data.unread).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});

it("the owner still has it all: the order, its file, its subscription, the unread reply", async () => {
  const c = workOrderClient(t, owner.token);
  expect((await c.get("/unread-flag")).body.data.unread).toBe(true);
  const detail = (await c.get(`/orders/${ids.order}`)).body.data;
  expect(detail.attachments.map((a: any) => a.id)).toEqual([ids.attached]);
  expect(detail.subscriptions.map((s: any) => s.id)).toContain(ids.subscription);
  expect(detail.events.some((e: any) => e.content === "越权评论")).toBe(false);
});
