/**
 * The /third-party work-order contract (issue 11 §1, docs/decisions/036): each
 * call with good input and with each bad input, and each code it answers.
 * The payload shapes asserted here are the ones the decision records.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";
import {
  accountOrderBody,
  fileOrder,
  insertUpload,
  questionFor,
  workOrderClient,
  WO,
  type WorkOrderClient,
} from "../../tests/support/work-orders";
import { insertInstance } from "../../tests/support/billing-instances";
import { mainAccount, subAccount } from "../../tests/support/instances";
import { purchaseOrders } from "../db/wallet-schema";
import {
  workOrderCategories,
  workOrderEvents,
  workOrderQuestions,
  workOrders,
  workOrderSubscriptions,
} from "../db/work-order-schema";
import { users } from "../db/schema";
import { staffAskForMore } from "../modules/work-orders/staff-status";
import { staffReply } from "../modules/work-orders/staff-reply";
import { staffResolve } from "../modules/work-orders/staff-status";

let t: TestPlatform;
let user: RegisteredUser;
let c: WorkOrderClient;
const STAFF = { staffId: 41 };

beforeAll(async () => {
  t = await startTestPlatform();
  user = await t.registerUser();
  c = workOrderClient(t, user.token);
});
afterAll(() => t.close());

const ordersOf = async (userId: number) =>
  Number((await t.db.select({ n: count() }).from(workOrders).where(eq(workOrders.userId, userId)))[0]!.n);

/** A refusal: its HTTP status, its §8 code and its catalogue key. */
function refused(reply: { http: number; body: any }, http: number, code: number, key?: string, field?: string) {
  expect(reply.http, JSON.stringify(reply.body)).toBe(http);
  expect(reply.body.code).toBe(code);
  expect(reply.body.reason).toBe(reply.body.message);
  expect(typeof reply.body.reason).toBe("string");
  if (key) expect(reply.body.key).toBe(key);
  if (field) expect(reply.body.data).toEqual({ field });
}

describe("the envelope and the token, on every call", () => {
  const CALLS: [string, string][] = [
    ["GET", "/categories"],
    ["GET", "/documents"],
    ["GET", "/orders"],
    ["POST", "/orders"],
    ["GET", "/orders/1"],
    ["PUT", "/orders/1"],
    ["POST", "/attachments"],
    ["DELETE", "/attachments/1"],
    ["POST", "/notifications"],
    ["DELETE", "/notifications/1"],
    ["POST", "/comments"],
    ["GET", "/unread-flag"],
  ];

  it("no token or a forged one: 401 and 100031; an expired one: 100032", async () => {
    const stale = await t.registerUser();
    for (const [method, path] of CALLS) {
      const none = await t.request(`${WO}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" || method === "DELETE" ? undefined : "{}",
      });
      refused(none, 401, 100031, "SESSION_INVALID");
      const forged = await workOrderClient(t, "forged-token").raw(
        method,
        path,
        method === "GET" || method === "DELETE" ? "" : "{}",
        "application/json",
      );
      refused(forged, 401, 100031);
    }
    t.clock.advance(8 * DAY);
    for (const [method, path] of CALLS) {
      const expired = await workOrderClient(t, stale.token).raw(
        method,
        path,
        method === "GET" || method === "DELETE" ? "" : "{}",
        "application/json",
      );
      refused(expired, 401, 100032, "SESSION_EXPIRED");
    }
    // The suite's own user logs in again after the jump.
    user = { ...user, token: await t.login(user.phone, user.password) };
    c = workOrderClient(t, user.token);
  });

  it("success is {code: 0, reason: '', message: '', data}", async () => {
    const reply = await c.get("/unread-flag");
    expect(reply.http).toBe(200);
    expect(reply.body).toEqual({ code: 0, reason: "", message: "", data: { unread: false } });
  });
});

describe("GET categories", () => {
  it("lists categories with their questions, in order, with resource types", async () => {
    const reply = await c.get("/categories");
    expect(reply.body.code).toBe(0);
    const list = reply.body.data.list as { id: number; name: string; questions: any[] }[];
    expect(list.map((x) => x.name)).toEqual(["实例问题", "账户与财务", "镜像与环境", "数据与存储", "其他"]);
    expect(list[0]!.questions[0]).toEqual({
      id: expect.any(Number),
      category_id: list[0]!.id,
      name: "实例无法开机",
      resource_types: ["instance"],
    });
    const finance = list[1]!;
    expect(finance.questions.find((q) => q.name === "充值未到账")!.resource_types).toEqual(["account", "order"]);
  });

  it("follows the positions staff set", async () => {
    const [other] = await t.db.select().from(workOrderCategories).where(eq(workOrderCategories.name, "其他"));
    await t.db.update(workOrderCategories).set({ position: 0 }).where(eq(workOrderCategories.id, other!.id));
    const list = (await c.get("/categories")).body.data.list as { name: string }[];
    expect(list[0]!.name).toBe("其他");
    await t.db.update(workOrderCategories).set({ position: 5 }).where(eq(workOrderCategories.id, other!.id));
  });
});

describe("GET documents", () => {
  it("by question: the question's documents and its category's general ones", async () => {
    const [q] = await t.db.select().from(workOrderQuestions).where(eq(workOrderQuestions.name, "充值未到账"));
    const reply = await c.get("/documents", { question_id: q!.id });
    const titles = (reply.body.data.list as { title: string }[]).map((d) => d.title);
    expect(titles).toContain("充值未到账怎么办");
    expect(titles).toContain("账户与财务常见问题");
    expect(titles).not.toContain("实例无法开机的排查步骤");
    expect(reply.body.data.list[0]).toMatchObject({
      id: expect.any(Number),
      category_id: q!.categoryId,
      title: expect.any(String),
      content: expect.stringContaining("# "),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("by category, and by keyword (case-insensitive, in title or content; % is literal)", async () => {
    const [cat] = await t.db.select().from(workOrderCategories).where(eq(workOrderCategories.name, "镜像与环境"));
    const byCategory = (await c.get("/documents", { category_id: cat!.id })).body.data.list as any[];
    expect(byCategory.length).toBe(2);
    expect(byCategory.every((d) => d.category_id === cat!.id)).toBe(true);
    const byKeyword = (await c.get("/documents", { keyword: "nvidia-SMI" })).body.data.list as any[];
    expect(byKeyword.map((d) => d.title)).toEqual(
      expect.arrayContaining(["nvidia-smi 看不到 GPU 怎么办", "CUDA 版本怎么看"]),
    );
    expect((await c.get("/documents", { keyword: "%" })).body.data.list).toEqual([]);
    const both = (await c.get("/documents", { category_id: cat!.id, keyword: "pip" })).body.data.list as any[];
    expect(both.map((d) => d.title)).toEqual(["pip 安装慢或失败"]);
  });

  it("unknown category 100101, unknown question 100111, malformed 100022", async () => {
    refused(
      await c.get("/documents", { category_id: 999999 }),
      404,
      100101,
      "WORK_ORDER_CATEGORY_INVALID",
      "category_id",
    );
    refused(
      await c.get("/documents", { question_id: 999999 }),
      404,
      100111,
      "WORK_ORDER_QUESTION_INVALID",
      "question_id",
    );
    refused(await c.get("/documents", { category_id: "abc" }), 400, 100022, "BAD_REQUEST", "category_id");
    refused(await c.get("/documents", { keyword: "x".repeat(51) }), 400, 100022, "BAD_REQUEST", "keyword");
    refused(await c.get("/documents", { keyword: "a\u0000b" }), 400, 100022, "BAD_REQUEST");
  });
});

describe("POST orders", () => {
  it("files an order: 待处理, a first event by the caller, site notices on, attachments attached", async () => {
    const file = await insertUpload(t, { userId: user.userId });
    const body = await accountOrderBody(t, user.userId, { attachment_ids: [file] });
    const reply = await c.post("/orders", body);
    expect(reply.body).toEqual({
      code: 0,
      reason: "",
      message: "",
      data: { id: expect.any(Number), status: "new", event_id: expect.any(Number) },
    });
    const id = reply.body.data.id as number;
    const detail = (await c.get(`/orders/${id}`)).body.data;
    expect(detail).toMatchObject({
      id,
      title: body.title,
      status: "new",
      status_label: "待处理",
      resource_type: "account",
      resource_id: String(user.userId),
      content: body.content,
      contact_phone: "13912345678",
      can_comment: true,
      can_revoke: true,
      unread: false,
      sub_account_name: null,
    });
    expect(detail.attachments.map((a: any) => a.id)).toEqual([file]);
    expect(detail.attachments[0]).toMatchObject({
      name: "screenshot.png",
      mime: "image/png",
      url: `/work-order-files/${file}`,
    });
    expect(detail.events[0]).toMatchObject({
      kind: "state_change",
      from_status: null,
      to_status: "new",
      author: { kind: "user" },
    });
    expect(detail.events[1]).toMatchObject({ kind: "attachment", file: { id: file } });
    expect(detail.subscriptions).toEqual([{ id: expect.any(Number), order_id: id, channel: "site", address: null }]);
  });

  it("also takes form-urlencoded fields", async () => {
    const body = await accountOrderBody(t, user.userId);
    const reply = await c.raw(
      "POST",
      "/orders",
      new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(reply.body.code).toBe(0);
  });

  it("about one of the caller's purchase orders, by order number", async () => {
    await t.db.insert(purchaseOrders).values({
      orderNo: `PO-${user.userId}-1`,
      userId: user.userId,
      kind: "voucher",
      amountFen: 100,
      refersTo: "voucher_offer:1",
    });
    const q = await questionFor(t, "order");
    const reply = await c.post(
      "/orders",
      await accountOrderBody(t, user.userId, {
        category_id: q.categoryId,
        question_id: q.id,
        resource_type: "order",
        resource_id: `PO-${user.userId}-1`,
      }),
    );
    expect(reply.body.code).toBe(0);
  });

  it("about one of the caller's instances, by uuid: a main account its own and its sub-accounts', a sub-account only its own", async () => {
    const main = await mainAccount(t);
    const sub = await subAccount(t, main, 100_00);
    const stranger = await mainAccount(t);
    const now = t.clock.now();
    const mains = await insertInstance(t.db, { userId: main.userId }, now);
    const subs = await insertInstance(t.db, { userId: main.userId, subAccountId: sub.subAccountId }, now);
    const released = await insertInstance(t.db, { userId: main.userId, state: "released", gpuHeld: false }, now);
    const strangers = await insertInstance(t.db, { userId: stranger.userId }, now);
    const q = await questionFor(t, "instance");
    const about = (uuid: string) => ({
      category_id: q.categoryId,
      question_id: q.id,
      resource_type: "instance",
      resource_id: uuid,
      title: "实例无法连接",
      content: "SSH 连接超时。",
      contact_phone: "13912345678",
    });
    const asMain = workOrderClient(t, main.token);
    const asSub = workOrderClient(t, sub.token);
    for (const own of [mains, subs, released])
      expect((await asMain.post("/orders", about(own.uuid))).body.code).toBe(0);
    expect((await asSub.post("/orders", about(subs.uuid))).body.code).toBe(0);
    for (const [client, foreign] of [
      [asMain, strangers],
      [asSub, mains],
    ] as const)
      refused(
        await client.post("/orders", about(foreign.uuid)),
        400,
        100022,
        "WORK_ORDER_RESOURCE_INVALID",
        "resource_id",
      );
  });

  it("refuses bad bodies with 100021 and bad fields with 100022, creating nothing", async () => {
    const before = await ordersOf(user.userId);
    refused(await c.raw("POST", "/orders", "{not json", "application/json"), 400, 100021, "BODY_INVALID");
    refused(await c.raw("POST", "/orders", "[1,2]", "application/json"), 400, 100021, "BODY_INVALID");
    refused(await c.raw("POST", "/orders", "null", "application/json"), 400, 100021, "BODY_INVALID");
    refused(await c.raw("POST", "/orders", "title=x", "text/plain"), 400, 100021, "BODY_INVALID");
    const big = await c.raw("POST", "/orders", JSON.stringify({ content: "x".repeat(70_000) }), "application/json");
    refused(big, 413, 100021, "PAYLOAD_TOO_LARGE");

    const good = await accountOrderBody(t, user.userId);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: undefined }, "title"],
      [{ title: "   " }, "title"],
      [{ title: "长".repeat(101) }, "title"],
      [{ title: "a\u0007b" }, "title"],
      [{ title: 12 }, "title"],
      [{ content: "" }, "content"],
      [{ content: " \n " }, "content"],
      [{ content: "x".repeat(10_001) }, "content"],
      [{ content: "a\u0000b" }, "content"],
      [{ contact_phone: "12345" }, "contact_phone"],
      [{ contact_phone: undefined }, "contact_phone"],
      [{ category_id: "abc" }, "category_id"],
      [{ category_id: -1 }, "category_id"],
      [{ question_id: 1.5 }, "question_id"],
      [{ resource_type: "server" }, "resource_type"],
      [{ resource_id: "" }, "resource_id"],
      [{ attachment_ids: "x" }, "attachment_ids.0"],
      [{ attachment_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, "attachment_ids"],
      [{ attachment_ids: { a: 1 } }, "attachment_ids"],
    ];
    for (const [change, field] of cases) {
      const reply = await c.post("/orders", { ...good, ...change });
      expect(reply.body.data, JSON.stringify(change)).toEqual({ field });
      refused(reply, 400, 100022, "BAD_REQUEST");
    }
    expect(await ordersOf(user.userId)).toBe(before);
  });

  it("refuses an unknown question (100111), a question of another category (100101), a type it does not apply to, a resource not the caller's", async () => {
    const before = await ordersOf(user.userId);
    const good = await accountOrderBody(t, user.userId);
    refused(
      await c.post("/orders", { ...good, question_id: 999999 }),
      404,
      100111,
      "WORK_ORDER_QUESTION_INVALID",
      "question_id",
    );
    const instanceQuestion = await questionFor(t, "instance");
    refused(
      await c.post("/orders", { ...good, question_id: instanceQuestion.id }),
      404,
      100101,
      "WORK_ORDER_CATEGORY_INVALID",
      "category_id",
    );
    refused(
      await c.post("/orders", { ...good, resource_type: "instance" }),
      400,
      100022,
      "WORK_ORDER_RESOURCE_TYPE_INVALID",
      "resource_type",
    );
    const other = await t.registerUser();
    refused(
      await c.post("/orders", { ...good, resource_id: String(other.userId) }),
      400,
      100022,
      "WORK_ORDER_RESOURCE_INVALID",
      "resource_id",
    );
    refused(
      await c.post("/orders", {
        ...good,
        category_id: instanceQuestion.categoryId,
        question_id: instanceQuestion.id,
        resource_type: "instance",
        resource_id: "1",
      }),
      400,
      100022,
      "WORK_ORDER_RESOURCE_INVALID",
    );
    const q = await questionFor(t, "order");
    refused(
      await c.post("/orders", {
        ...good,
        category_id: q.categoryId,
        question_id: q.id,
        resource_type: "order",
        resource_id: "PO-none",
      }),
      400,
      100022,
      "WORK_ORDER_RESOURCE_INVALID",
    );
    expect(await ordersOf(user.userId)).toBe(before);
  });

  it("refuses another account's upload (100041) and an upload already on an order", async () => {
    const other = await t.registerUser();
    const theirs = await insertUpload(t, { userId: other.userId });
    const before = await ordersOf(user.userId);
    const good = await accountOrderBody(t, user.userId);
    refused(await c.post("/orders", { ...good, attachment_ids: [theirs] }), 404, 100041, "WORK_ORDER_FILE_NOT_FOUND");
    const mine = await insertUpload(t, { userId: user.userId });
    await fileOrder(t, c, user.userId, { attachment_ids: [mine] });
    const after = await ordersOf(user.userId);
    refused(await c.post("/orders", { ...good, attachment_ids: [mine] }), 409, 100022, "WORK_ORDER_FILE_ATTACHED");
    expect(await ordersOf(user.userId)).toBe(after);
    expect(after).toBe(before + 1);
  });
});

describe("GET orders", () => {
  it("the caller's orders, newest first, filtered by status, paginated", async () => {
    const fresh = await t.registerUser();
    const client = workOrderClient(t, fresh.token);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await fileOrder(t, client, fresh.userId, { title: `工单 ${i}` }));
    await client.put(`/orders/${ids[0]}`, { action: "revoke" });
    const all = (await client.get("/orders")).body.data;
    expect(all).toMatchObject({ total: 3, page: 1, page_size: 10 });
    expect(all.list.map((o: any) => o.id)).toEqual([...ids].reverse());
    expect(all.list[0]).toEqual({
      id: ids[2],
      title: "工单 2",
      status: "new",
      status_label: "待处理",
      category_id: expect.any(Number),
      category_name: "账户与财务",
      question_id: expect.any(Number),
      question_name: expect.any(String),
      resource_type: "account",
      resource_id: String(fresh.userId),
      sub_account_name: null,
      unread: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      last_reply_at: null,
    });
    // The tabs' figures: the caller's orders per state, whatever the filter; another account's orders not counted.
    const stranger = await t.registerUser();
    await fileOrder(t, workOrderClient(t, stranger.token), stranger.userId, { title: "别人的工单" });
    const counts = { new: 2, processing: 0, waiting_user: 0, resolved: 0, closed: 0, revoked: 1 };
    expect((await client.get("/orders")).body.data.status_counts).toEqual(counts);
    expect((await client.get("/orders", { status: "revoked" })).body.data.status_counts).toEqual(counts);
    expect((await client.get("/orders", { status: "revoked" })).body.data.list.map((o: any) => o.id)).toEqual([ids[0]]);
    expect((await client.get("/orders", { status: "open" })).body.data.total).toBe(2);
    const page2 = (await client.get("/orders", { page: 2, page_size: 2 })).body.data;
    expect(page2).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.list.map((o: any) => o.id)).toEqual([ids[0]]);
  });

  it("bad parameters: 100022", async () => {
    refused(await c.get("/orders", { status: "done" }), 400, 100022, "BAD_REQUEST", "status");
    refused(await c.get("/orders", { page_size: 51 }), 400, 100022, "BAD_REQUEST", "page_size");
    refused(await c.get("/orders", { page: 0 }), 400, 100022, "BAD_REQUEST", "page");
  });
});

describe("GET orders/{id}", () => {
  it("unknown id: 404 and 100041; a malformed id: 100022", async () => {
    refused(await c.get("/orders/999999"), 404, 100041, "WORK_ORDER_NOT_FOUND");
    refused(await c.get("/orders/abc"), 400, 100022, "BAD_REQUEST", "id");
    refused(await c.get("/orders/0"), 400, 100022, "BAD_REQUEST", "id");
  });

  it("the thread leaves internal notes out and names staff 客服", async () => {
    const id = await fileOrder(t, c, user.userId);
    const { staffInternalNote } = await import("../modules/work-orders/staff-note");
    await staffInternalNote(t.ctx, STAFF, { orderId: id, body: "内部：用户是大客户" });
    await staffReply(t.ctx, STAFF, { orderId: id, body: "您好，正在处理。" });
    const detail = (await c.get(`/orders/${id}`)).body.data;
    expect(JSON.stringify(detail)).not.toContain("内部");
    const reply = detail.events.find((e: any) => e.kind === "comment");
    expect(reply).toMatchObject({ author: { kind: "staff", name: "客服" }, content: "您好，正在处理。" });
    // Who answered stays 客服: an author is its kind and a display name, never a staff member's id.
    // (Not a search of the JSON for "41": a random user name such as 用户7415 contains it.)
    for (const event of detail.events) expect(Object.keys(event.author).sort()).toEqual(["kind", "name"]);
    expect(JSON.stringify(detail)).not.toMatch(/staff_?id/i);
  });
});

describe("PUT orders/{id}", () => {
  it("revoke: 已撤销 with an event by the caller; again, or on a resolved order: refused", async () => {
    const id = await fileOrder(t, c, user.userId);
    const reply = await c.put(`/orders/${id}`, { action: "revoke", reason: "问题已自行解决" });
    expect(reply.body.data).toEqual({ id, status: "revoked", event_id: expect.any(Number) });
    const detail = (await c.get(`/orders/${id}`)).body.data;
    expect(detail).toMatchObject({ status: "revoked", status_label: "已撤销", can_comment: false, can_revoke: false });
    expect(detail.events.at(-1)).toMatchObject({
      kind: "state_change",
      from_status: "new",
      to_status: "revoked",
      content: "问题已自行解决",
      author: { kind: "user" },
    });
    refused(await c.put(`/orders/${id}`, { action: "revoke" }), 409, 100022, "WORK_ORDER_STATE");
    refused(await c.put(`/orders/${id}`, { action: "comment", content: "还在吗" }), 409, 100022, "WORK_ORDER_STATE");

    const resolved = await fileOrder(t, c, user.userId);
    await staffResolve(t.ctx, STAFF, { orderId: resolved, body: "已处理" });
    refused(await c.put(`/orders/${resolved}`, { action: "revoke" }), 409, 100022, "WORK_ORDER_STATE");
    expect((await c.get(`/orders/${resolved}`)).body.data.status).toBe("resolved");
  });

  it("comment: written to the thread by the caller", async () => {
    const id = await fileOrder(t, c, user.userId);
    const reply = await c.put(`/orders/${id}`, { action: "comment", content: "补充：**截图**如下" });
    expect(reply.body.data).toEqual({ id, status: "new", event_id: expect.any(Number) });
    const events = (await c.get(`/orders/${id}`)).body.data.events;
    expect(events.at(-1)).toMatchObject({
      id: reply.body.data.event_id,
      kind: "comment",
      content: "补充：**截图**如下",
    });
  });

  it("bad bodies: 100021 / 100022", async () => {
    const id = await fileOrder(t, c, user.userId);
    refused(await c.raw("PUT", `/orders/${id}`, "{", "application/json"), 400, 100021);
    refused(await c.put(`/orders/${id}`, { action: "close" }), 400, 100022, "BAD_REQUEST");
    refused(await c.put(`/orders/${id}`, {}), 400, 100022, "BAD_REQUEST");
    refused(await c.put(`/orders/${id}`, { action: "comment", content: "" }), 400, 100022, "BAD_REQUEST", "content");
    refused(
      await c.put(`/orders/${id}`, { action: "revoke", reason: "x".repeat(201) }),
      400,
      100022,
      "BAD_REQUEST",
      "reason",
    );
    refused(await c.put("/orders/999999", { action: "revoke" }), 404, 100041, "WORK_ORDER_NOT_FOUND");
    expect((await c.get(`/orders/${id}`)).body.data.status).toBe("new");
  });
});

describe("POST comments", () => {
  it("a comment on an order waiting for the user brings it back to 处理中", async () => {
    const id = await fileOrder(t, c, user.userId);
    await staffAskForMore(t.ctx, STAFF, { orderId: id, body: "请提供充值订单号。" });
    expect((await c.get(`/orders/${id}`)).body.data.status).toBe("waiting_user");
    const file = await insertUpload(t, { userId: user.userId }, "pay.png");
    const reply = await c.post("/comments", { order_id: id, content: "订单号 R123", attachment_ids: [file] });
    expect(reply.body.data).toEqual({ id, status: "processing", event_id: expect.any(Number) });
    const detail = (await c.get(`/orders/${id}`)).body.data;
    const tail = detail.events.slice(-3).map((e: any) => [e.kind, e.to_status, e.author.kind]);
    expect(tail).toEqual([
      ["comment", null, "user"],
      ["attachment", null, "user"],
      ["state_change", "processing", "user"],
    ]);
    expect(detail.attachments.map((a: any) => a.id)).toEqual([file]);
    const [row] = await t.db.select().from(workOrders).where(eq(workOrders.id, id));
    expect(row!.staffUnread).toBe(true);
  });

  it("refuses on an ended order, bad fields, unknown orders", async () => {
    const id = await fileOrder(t, c, user.userId);
    await c.put(`/orders/${id}`, { action: "revoke" });
    const events = Number(
      (await t.db.select({ n: count() }).from(workOrderEvents).where(eq(workOrderEvents.orderId, id)))[0]!.n,
    );
    refused(await c.post("/comments", { order_id: id, content: "在吗" }), 409, 100022, "WORK_ORDER_STATE");
    refused(await c.post("/comments", { order_id: "x", content: "在吗" }), 400, 100022, "BAD_REQUEST", "order_id");
    refused(await c.post("/comments", { order_id: id }), 400, 100022, "BAD_REQUEST", "content");
    refused(await c.post("/comments", { order_id: 999999, content: "在吗" }), 404, 100041, "WORK_ORDER_NOT_FOUND");
    refused(await c.raw("POST", "/comments", "", "application/json"), 400, 100021);
    expect(
      Number((await t.db.select({ n: count() }).from(workOrderEvents).where(eq(workOrderEvents.orderId, id)))[0]!.n),
    ).toBe(events);
  });
});

describe("POST attachments, DELETE attachments/{id}", () => {
  it("attaches the caller's uploads, nine at most; detaches them while open", async () => {
    const id = await fileOrder(t, c, user.userId);
    const files = [];
    for (let i = 0; i < 10; i++) files.push(await insertUpload(t, { userId: user.userId }, `f${i}.png`));
    const reply = await c.post("/attachments", { order_id: id, file_ids: files.slice(0, 8) });
    expect(reply.body.data.order_id).toBe(id);
    expect(reply.body.data.attachments.map((a: any) => a.id)).toEqual(files.slice(0, 8));
    refused(
      await c.post("/attachments", { order_id: id, file_ids: files.slice(8, 10) }),
      409,
      100022,
      "WORK_ORDER_ATTACHMENT_LIMIT",
    );
    expect((await c.post("/attachments", { order_id: id, file_ids: [files[8]] })).body.code).toBe(0);
    refused(
      await c.post("/attachments", { order_id: id, file_ids: [files[9]] }),
      409,
      100022,
      "WORK_ORDER_ATTACHMENT_LIMIT",
    );
    refused(
      await c.post("/attachments", { order_id: id, file_ids: [files[0]] }),
      409,
      100022,
      "WORK_ORDER_FILE_ATTACHED",
    );

    const removed = await c.del(`/attachments/${files[0]}`);
    expect(removed.body.data).toEqual({ id: files[0] });
    const detail = (await c.get(`/orders/${id}`)).body.data;
    expect(detail.attachments.map((a: any) => a.id)).toEqual(files.slice(1, 9));
    expect(detail.events.at(-1)).toMatchObject({ kind: "attachment", file: null, content: "移除了附件：f0.png" });
    refused(await c.del(`/attachments/${files[0]}`), 404, 100041, "WORK_ORDER_FILE_NOT_FOUND");
    expect((await c.post("/attachments", { order_id: id, file_ids: [files[9]] })).body.code).toBe(0);
  });

  it("concurrent attaches never pass nine files (the order's row lock)", async () => {
    const id = await fileOrder(t, c, user.userId);
    const pairs: number[][] = [];
    for (let i = 0; i < 6; i++)
      pairs.push([await insertUpload(t, { userId: user.userId }), await insertUpload(t, { userId: user.userId })]);
    const replies = await Promise.all(pairs.map((file_ids) => c.post("/attachments", { order_id: id, file_ids })));
    expect(replies.filter((r) => r.body.code === 0)).toHaveLength(4);
    for (const r of replies.filter((r) => r.body.code !== 0)) expect(r.body.key).toBe("WORK_ORDER_ATTACHMENT_LIMIT");
    expect((await c.get(`/orders/${id}`)).body.data.attachments).toHaveLength(8);
  });

  it("only while the order is open", async () => {
    const file = await insertUpload(t, { userId: user.userId });
    const id = await fileOrder(t, c, user.userId, { attachment_ids: [file] });
    await c.put(`/orders/${id}`, { action: "revoke" });
    const late = await insertUpload(t, { userId: user.userId });
    refused(await c.post("/attachments", { order_id: id, file_ids: [late] }), 409, 100022, "WORK_ORDER_STATE");
    refused(await c.del(`/attachments/${file}`), 409, 100022, "WORK_ORDER_STATE");
    expect((await c.get(`/orders/${id}`)).body.data.attachments.map((a: any) => a.id)).toEqual([file]);
  });

  it("bad bodies", async () => {
    const id = await fileOrder(t, c, user.userId);
    refused(await c.post("/attachments", { order_id: id, file_ids: [] }), 400, 100022, "BAD_REQUEST", "file_ids");
    refused(await c.post("/attachments", { order_id: id }), 400, 100022, "BAD_REQUEST", "file_ids");
    refused(await c.post("/attachments", { file_ids: [1] }), 400, 100022, "BAD_REQUEST", "order_id");
    refused(
      await c.post("/attachments", { order_id: id, file_ids: [999999] }),
      404,
      100041,
      "WORK_ORDER_FILE_NOT_FOUND",
    );
    refused(await c.del("/attachments/abc"), 400, 100022, "BAD_REQUEST", "id");
    refused(await c.raw("POST", "/attachments", "file_ids", "application/json"), 400, 100021);
  });
});

describe("POST notifications, DELETE notifications/{id}", () => {
  it("subscribes by SMS (the account's phone) and by email (the confirmed notice email); a stranger's address is refused", async () => {
    const id = await fileOrder(t, c, user.userId);
    const masked = `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`;
    const stored = async () =>
      (await t.db.select().from(workOrderSubscriptions).where(eq(workOrderSubscriptions.orderId, id)))
        .map((s) => `${s.channel}:${s.address}`)
        .sort();
    // Issue 33 §2: a stranger's phone or address answered 200 and was stored.
    refused(
      await c.post("/notifications", { order_id: id, channel: "sms", address: "13700001111" }),
      400,
      100022,
      "WORK_ORDER_SMS_NOT_OWN",
      "address",
    );
    expect(await stored()).toEqual(["site:null"]);
    const sms = await c.post("/notifications", { order_id: id, channel: "sms" });
    expect(sms.body.data).toEqual({ id: expect.any(Number), order_id: id, channel: "sms", address: masked });
    const same = await c.post("/notifications", { order_id: id, channel: "sms", address: user.phone });
    expect(same.body.data).toEqual(sms.body.data);
    refused(
      await c.post("/notifications", { order_id: id, channel: "email" }),
      400,
      100022,
      "WORK_ORDER_EMAIL_REQUIRED",
      "address",
    );
    refused(
      await c.post("/notifications", { order_id: id, channel: "email", address: "ops@lab.cn" }),
      400,
      100022,
      "WORK_ORDER_EMAIL_REQUIRED",
      "address",
    );
    // A notice email saved but not confirmed by its link (as every address saved before the confirmation existed).
    await t.db.update(users).set({ noticeEmail: "owner@example.com" }).where(eq(users.id, user.userId));
    for (const address of [undefined, "owner@example.com"])
      refused(
        await c.post("/notifications", { order_id: id, channel: "email", address }),
        400,
        100022,
        "WORK_ORDER_EMAIL_UNCONFIRMED",
        "address",
      );
    expect(await stored()).toEqual(["site:null", `sms:${user.phone}`]);
    await t.db.update(users).set({ noticeEmailConfirmedAt: t.clock.now() }).where(eq(users.id, user.userId));
    const email = await c.post("/notifications", { order_id: id, channel: "email" });
    expect(email.body.data).toMatchObject({ channel: "email", address: "o***@example.com" });
    refused(
      await c.post("/notifications", { order_id: id, channel: "email", address: "ops@lab.cn" }),
      400,
      100022,
      "WORK_ORDER_EMAIL_NOT_OWN",
      "address",
    );
    const typed = await c.post("/notifications", { order_id: id, channel: "email", address: " Owner@Example.com " });
    expect(typed.body.data).toMatchObject({ id: email.body.data.id, address: "o***@example.com" });
    expect(await stored()).toEqual(["email:owner@example.com", "site:null", `sms:${user.phone}`]);
    const channels = (await c.get(`/orders/${id}`)).body.data.subscriptions.map((s: any) => s.channel);
    expect(channels.sort()).toEqual(["email", "site", "sms"]);

    expect((await c.del(`/notifications/${sms.body.data.id}`)).body.data).toEqual({ id: sms.body.data.id });
    refused(await c.del(`/notifications/${sms.body.data.id}`), 404, 100041, "WORK_ORDER_NOT_FOUND");
    const left = await t.db.select().from(workOrderSubscriptions).where(eq(workOrderSubscriptions.orderId, id));
    expect(left.map((s) => s.channel).sort()).toEqual(["email", "site"]);
  });

  it("bad bodies and ended orders", async () => {
    const id = await fileOrder(t, c, user.userId);
    refused(await c.post("/notifications", { order_id: id, channel: "wechat" }), 400, 100022, "BAD_REQUEST", "channel");
    refused(
      await c.post("/notifications", { order_id: id, channel: "sms", address: "123" }),
      400,
      100022,
      "BAD_REQUEST",
      "address",
    );
    refused(
      await c.post("/notifications", { order_id: id, channel: "email", address: "not-mail" }),
      400,
      100022,
      "BAD_REQUEST",
      "address",
    );
    refused(await c.post("/notifications", { channel: "sms" }), 400, 100022, "BAD_REQUEST", "order_id");
    refused(await c.del("/notifications/x"), 400, 100022, "BAD_REQUEST", "id");
    await c.put(`/orders/${id}`, { action: "revoke" });
    refused(await c.post("/notifications", { order_id: id, channel: "sms" }), 409, 100022, "WORK_ORDER_STATE");
  });
});

describe("GET unread-flag", () => {
  it("true after a staff reply, false once the order is opened; the list marks the order", async () => {
    const fresh = await t.registerUser();
    const client = workOrderClient(t, fresh.token);
    const id = await fileOrder(t, client, fresh.userId);
    expect((await client.get("/unread-flag")).body.data).toEqual({ unread: false });
    const userInfoFlag = async () =>
      (await t.post("/get_user_info", { session: fresh.token, with_unread: "1" })).body.data.Unread.WorkOrderReplies;
    expect(await userInfoFlag()).toBe(false);
    await staffReply(t.ctx, STAFF, { orderId: id, body: "已收到" });
    expect((await client.get("/unread-flag")).body.data).toEqual({ unread: true });
    // User info carries the same flag (the page shell's one call).
    expect(await userInfoFlag()).toBe(true);
    const listed = (await client.get("/orders")).body.data.list[0];
    expect(listed).toMatchObject({ id, unread: true, status: "processing", last_reply_at: expect.any(String) });
    // The list does not mark it read; the detail does.
    expect((await client.get("/unread-flag")).body.data.unread).toBe(true);
    expect((await client.get(`/orders/${id}`)).body.data.unread).toBe(false);
    expect((await client.get("/unread-flag")).body.data.unread).toBe(false);
    expect(await userInfoFlag()).toBe(false);
    expect((await client.get("/orders")).body.data.list[0].unread).toBe(false);
    // A user's own comment does not set it; the next staff reply does.
    await client.post("/comments", { order_id: id, content: "好的" });
    expect((await client.get("/unread-flag")).body.data.unread).toBe(false);
    await staffReply(t.ctx, STAFF, { orderId: id, body: "已处理完毕" });
    expect((await client.get("/unread-flag")).body.data.unread).toBe(true);
  });

  it("is answered from the partial index work_orders_user_unread_idx", async () => {
    const { sql } = await import("drizzle-orm");
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await t.db.execute(
        sql`explain select 1 from work_orders where user_id = ${user.userId} and user_unread limit 1`,
      );
      expect(JSON.stringify(plan)).toContain("work_orders_user_unread_idx");
    } finally {
      await t.db.execute(sql`reset enable_seqscan`);
    }
  });
});
