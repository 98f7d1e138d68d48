/**
 * Work orders and sub-accounts (decision 028, issue 11 §1): a sub-account sees
 * and acts on its own orders only; the main account sees its sub-accounts'
 * orders too (named by sub-account), and their unread replies raise its flag.
 * Only the uploader of a file may attach or detach it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";
import { fileOrder, insertUpload, workOrderClient, type WorkOrderClient } from "../../tests/support/work-orders";
import { notifications } from "../db/schema";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { staffReply } from "../modules/work-orders/staff-reply";
import { and, eq } from "drizzle-orm";

let t: TestPlatform;
let main: RegisteredUser;
let mainClient: WorkOrderClient;
const subs: { id: number; token: string; client: WorkOrderClient }[] = [];
const orders = { main: 0, sub: 0, sibling: 0 };

beforeAll(async () => {
  t = await startTestPlatform();
  main = await t.registerUser();
  mainClient = workOrderClient(t, main.token);
  const caller = await resolveSession(t.ctx, { origin: { ip: "test" } }, { token: main.token });
  for (const name of ["wo-lab", "wo-lab-2"]) {
    const { subAccountId } = await createSubAccount(t.ctx, caller, { name, password: "Gpulab123", moneyLimitFen: 0 });
    const login = await t.post("/sub_account_login", { phone: main.phone, name, password: "Gpulab123" });
    subs.push({ id: subAccountId, token: login.body.data.token, client: workOrderClient(t, login.body.data.token) });
  }
  orders.main = await fileOrder(t, mainClient, main.userId, { title: "主账号的工单" });
  orders.sub = await fileOrder(t, subs[0]!.client, main.userId, { title: "子账号的工单" });
  orders.sibling = await fileOrder(t, subs[1]!.client, main.userId, { title: "兄弟子账号的工单" });
});
afterAll(() => t.close());

/** The same flag as the page shell reads it: in user info's unread state (one call per page, not two). */
const userInfoFlag = async (token: string) =>
  (await t.post("/get_user_info", { session: token, with_unread: "1" })).body.data.Unread.WorkOrderReplies;

const listed = async (c: WorkOrderClient) => ((await c.get("/orders")).body.data.list as any[]).map((o) => o.id).sort();

describe("visibility", () => {
  it("the main account lists all three, each sub-account only its own", async () => {
    expect(await listed(mainClient)).toEqual([orders.main, orders.sub, orders.sibling].sort());
    expect(await listed(subs[0]!.client)).toEqual([orders.sub]);
    expect(await listed(subs[1]!.client)).toEqual([orders.sibling]);
    const row = ((await mainClient.get("/orders")).body.data.list as any[]).find((o) => o.id === orders.sub);
    expect(row.sub_account_name).toBe("wo-lab");
    // The status tabs count the same orders: three for the main account, one for each sub-account.
    const counted = async (c: WorkOrderClient) => (await c.get("/orders")).body.data.status_counts.new as number;
    expect([await counted(mainClient), await counted(subs[0]!.client), await counted(subs[1]!.client)]).toEqual([
      3, 1, 1,
    ]);
  });

  it("a sub-account cannot open its main account's or its sibling's order; the main account opens both", async () => {
    for (const id of [orders.main, orders.sibling])
      expect((await subs[0]!.client.get(`/orders/${id}`)).body.code).toBe(100041);
    expect((await mainClient.get(`/orders/${orders.sub}`)).body.data.title).toBe("子账号的工单");
    expect((await mainClient.get(`/orders/${orders.sibling}`)).body.data.sub_account_name).toBe("wo-lab-2");
  });

  it("a staff reply to the sub-account's order: its notification and unread flag, and the main account's flag", async () => {
    await staffReply(t.ctx, { staffId: 5 }, { orderId: orders.sub, body: "已处理" });
    expect((await subs[0]!.client.get("/unread-flag")).body.data.unread).toBe(true);
    expect((await subs[1]!.client.get("/unread-flag")).body.data.unread).toBe(false);
    expect((await mainClient.get("/unread-flag")).body.data.unread).toBe(true);
    expect([
      await userInfoFlag(subs[0]!.token),
      await userInfoFlag(subs[1]!.token),
      await userInfoFlag(main.token),
    ]).toEqual([true, false, true]);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, main.userId), eq(notifications.title, "工单有新回复")));
    expect(notes.map((n) => n.subAccountId)).toEqual([subs[0]!.id]);
    // Opening it (by the sub-account) clears both flags: one flag per order.
    await subs[0]!.client.get(`/orders/${orders.sub}`);
    expect((await mainClient.get("/unread-flag")).body.data.unread).toBe(false);
    expect([await userInfoFlag(subs[0]!.token), await userInfoFlag(main.token)]).toEqual([false, false]);
  });
});

describe("uploads belong to their uploader", () => {
  it("the main account cannot attach or detach its sub-account's upload, nor the reverse", async () => {
    const subFile = await insertUpload(t, { userId: main.userId, subAccountId: subs[0]!.id });
    const mainFile = await insertUpload(t, { userId: main.userId });
    expect((await mainClient.post("/attachments", { order_id: orders.sub, file_ids: [subFile] })).body.code).toBe(
      100041,
    );
    expect((await subs[0]!.client.post("/attachments", { order_id: orders.sub, file_ids: [mainFile] })).body.code).toBe(
      100041,
    );
    expect((await subs[0]!.client.post("/attachments", { order_id: orders.sub, file_ids: [subFile] })).body.code).toBe(
      0,
    );
    expect((await mainClient.del(`/attachments/${subFile}`)).body.code).toBe(100041);
    const detail = (await mainClient.get(`/orders/${orders.sub}`)).body.data;
    expect(detail.attachments.map((a: any) => a.id)).toEqual([subFile]);
    expect((await subs[0]!.client.del(`/attachments/${subFile}`)).body.code).toBe(0);
  });
});

describe("reply-notice subscriptions (decision 059)", () => {
  it("a sub-account subscribes on the site only: SMS and email are refused and nothing is stored", async () => {
    for (const channel of ["sms", "email"]) {
      const reply = await subs[0]!.client.post("/notifications", { order_id: orders.sub, channel });
      expect(reply.http).toBe(403);
      expect(reply.body).toMatchObject({ key: "WORK_ORDER_SUB_ACCOUNT_SITE_ONLY", data: { field: "channel" } });
    }
    const detail = (await subs[0]!.client.get(`/orders/${orders.sub}`)).body.data;
    expect(detail.subscriptions.map((s: any) => s.channel)).toEqual(["site"]);
    // The main account may subscribe to it: the notice goes to the main account's own phone.
    const byMain = await mainClient.post("/notifications", { order_id: orders.sub, channel: "sms" });
    expect(byMain.body.data.address).toBe(`${main.phone.slice(0, 3)}****${main.phone.slice(-4)}`);
  });
});
