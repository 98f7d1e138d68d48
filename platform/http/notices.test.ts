/** Notices (公告), per-user notifications (通知) and messages (消息). */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, notices, notifications } from "../db/schema";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let newest: { id: number; title: string };
let second: { id: number; title: string };

beforeAll(async () => {
  t = await startTestPlatform();
  // Two notices newer than any other in the (possibly shared) database.
  const [{ latest }] = await t.db.select({ latest: sql<string>`max(${notices.publishedAt})` }).from(notices);
  const base = Math.max(Date.now(), latest ? new Date(latest).getTime() : 0) + 60_000;
  const stamp = Date.now().toString(36);
  const inserted = await t.db
    .insert(notices)
    .values([
      { title: `测试公告乙 ${stamp}`, content: "# 乙", publishedAt: new Date(base + 2000) },
      { title: `测试公告甲 ${stamp}`, content: "# 甲\n\n正文", publishedAt: new Date(base + 1000) },
    ])
    .returning({ id: notices.id, title: notices.title });
  [newest, second] = inserted;
});
afterAll(() => t.close());

const isNewestFirst = (items: Array<{ PublishedAt: string }>) =>
  items.every((item, i) => i === 0 || Date.parse(items[i - 1].PublishedAt) >= Date.parse(item.PublishedAt));

describe("notices", () => {
  it("/app/get_banner_and_notice gives the three newest notices, newest first, and the banners", async () => {
    const reply = await t.post("/app/get_banner_and_notice");
    expect(reply.body).toMatchObject({ status: 0, reason: "" });
    const { notices: list, banners, newest_notice_id } = reply.body.data;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ Id: newest.id, Title: newest.title });
    expect(list[1]).toMatchObject({ Id: second.id, Title: second.title });
    expect(isNewestFirst(list)).toBe(true);
    expect(newest_notice_id).toBe(newest.id);
    expect(banners.length).toBeGreaterThan(0);
    for (const banner of banners) {
      expect(banner.Image).not.toBe("");
      expect(typeof banner.Link).toBe("string");
    }
  });

  it("GET /get_notice_by_page pages through all notices in data.data", async () => {
    const first = await t.get("/get_notice_by_page", { page: 1, page_size: 2 });
    expect(first.body).toMatchObject({ status: 0, data: { page: 1, page_size: 2 } });
    const total = first.body.data.total as number;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(first.body.data.data.map((n: { Id: number }) => n.Id)).toEqual([newest.id, second.id]);

    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const reply = await t.get("/get_notice_by_page", { page, page_size: 2 });
      expect(isNewestFirst(reply.body.data.data)).toBe(true);
      seen.push(...reply.body.data.data.map((n: { Id: number }) => n.Id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    const beyond = await t.get("/get_notice_by_page", { page: Math.ceil(total / 2) + 1, page_size: 2 });
    expect(beyond.body).toMatchObject({ status: 0, data: { data: [] } });
  });

  it("GET /get_notice_by_page defaults to 10 a page and refuses more than 50", async () => {
    expect((await t.get("/get_notice_by_page")).body.data).toMatchObject({ page: 1, page_size: 10 });
    const tooMany = await t.get("/get_notice_by_page", { page_size: 51 });
    expect(tooMany.body).toMatchObject({ status: 1, reason: "每页条数必须在1到50之间" });
    expect((await t.get("/get_notice_by_page", { page: 0 })).body.status).toBe(1);
  });

  it("/get_blod_by_id gives one notice with its content; an unknown id is refused", async () => {
    const reply = await t.post("/get_blod_by_id", { id: second.id });
    expect(reply.body).toMatchObject({
      status: 0,
      data: { Id: second.id, Title: second.title, Content: "# 甲\n\n正文" },
    });
    const missing = await t.post("/get_blod_by_id", { id: 9_000_000_000 });
    expect(missing.body).toMatchObject({ status: 1, reason: "公告不存在或已下线" });
    for (const id of ["0", "-1", "abc", "1.5"])
      expect((await t.post("/get_blod_by_id", { id })).body.status, id).not.toBe(0);
  });
});

describe("notifications", () => {
  const list = (session: string, fields: Record<string, string | number> = {}) =>
    t.post("/notifications/get_list", { session, ...fields });

  it("lists the user's notifications, filters by read status and marks all read", async () => {
    const user = await t.registerUser();
    await t.db.insert(notifications).values([
      {
        userId: user.userId,
        title: "余额提醒",
        original: "您的余额不足",
        createdAt: new Date(t.clock.now().getTime() + 1000),
      },
      {
        userId: user.userId,
        title: "实例到期",
        original: "实例即将到期",
        createdAt: new Date(t.clock.now().getTime() + 2000),
      },
    ]);
    const all = (await list(user.token)).body;
    expect(all).toMatchObject({ status: 0, data: { total: 3, unread: 3 } });
    expect(all.data.list.map((n: { Title: string }) => n.Title)).toEqual([
      "实例到期",
      "余额提醒",
      "欢迎加入 GPU 算力平台",
    ]);
    expect(all.data.list[0]).toMatchObject({ Title: "实例到期", Original: "实例即将到期", Read: false });

    expect((await list(user.token, { status: 0 })).body.data.total).toBe(3);
    expect((await list(user.token, { status: 1 })).body.data.total).toBe(0);
    const paged = (await list(user.token, { page: 2, page_size: 2 })).body.data;
    expect(paged.list.map((n: { Title: string }) => n.Title)).toEqual(["欢迎加入 GPU 算力平台"]);
    expect(paged).toMatchObject({ total: 3, unread: 3 });
    // A page past the end has no rows to carry the counts: they are still the listing's and the caller's.
    expect((await list(user.token, { page: 9, page_size: 2 })).body.data).toMatchObject({
      total: 3,
      unread: 3,
      list: [],
    });
    expect((await list(user.token, { status: 1 })).body.data).toMatchObject({ total: 0, unread: 3, list: [] });

    expect((await t.post("/notifications/set_read_all", { session: user.token })).body).toMatchObject({
      status: 0,
      data: { updated: 3 },
    });
    expect((await list(user.token, { status: 0 })).body.data).toMatchObject({ total: 0, unread: 0, list: [] });
    expect((await list(user.token, { status: 1 })).body.data.total).toBe(3);
    expect((await list(user.token, { status: -1 })).body.data.list.every((n: { Read: boolean }) => n.Read)).toBe(true);
    expect((await list(user.token, { status: 2 })).body.status).toBe(1);
  });

  it("a user never sees nor marks another user's notifications", async () => {
    const alice = await t.registerUser();
    const bob = await t.registerUser();
    await t.db.insert(notifications).values({ userId: bob.userId, title: "仅限 Bob", original: "私密内容" });
    const aliceList = (await list(alice.token)).body.data;
    expect(aliceList.total).toBe(1);
    expect(JSON.stringify(aliceList)).not.toContain("仅限 Bob");

    await t.post("/notifications/set_read_all", { session: alice.token });
    const bobList = (await list(bob.token)).body.data;
    expect(bobList).toMatchObject({ total: 2, unread: 2 });
    expect(bobList.list.map((n: { Title: string }) => n.Title)).toContain("仅限 Bob");
  });
});

describe("messages", () => {
  it("lists the user's messages and marks them read; never another user's", async () => {
    const alice = await t.registerUser();
    const bob = await t.registerUser();
    await t.db.insert(messages).values({ userId: bob.userId, message: "Bob 的私信" });

    const first = (await t.post("/messages/get_list", { session: alice.token })).body;
    expect(first).toMatchObject({ status: 0, data: { total: 1, unread: 1 } });
    expect(first.data.list[0]).toMatchObject({ Message: "欢迎注册，祝您使用愉快。", Read: false });
    expect(new Date(first.data.list[0].CreateAt).toISOString()).toBe(first.data.list[0].CreateAt);
    expect(JSON.stringify(first)).not.toContain("Bob 的私信");

    expect((await t.post("/messages/set_read_all", { session: alice.token })).body.data).toEqual({ updated: 1 });
    const after = (await t.post("/messages/get_list", { session: alice.token })).body.data;
    expect(after).toMatchObject({ total: 1, unread: 0 });
    expect(after.list[0].Read).toBe(true);
    expect((await t.post("/messages/get_list", { session: bob.token })).body.data).toMatchObject({
      total: 2,
      unread: 2,
    });
  });
});

describe("unread state", () => {
  it("/app/get_unread_state counts only the caller's unread notifications and messages", async () => {
    const alice = await t.registerUser();
    const bob = await t.registerUser();
    await t.db.insert(notifications).values({ userId: bob.userId, title: "仅限 Bob", original: "私密内容" });
    await t.db.insert(messages).values({ userId: alice.userId, message: "第二条消息" });
    expect((await t.post("/app/get_unread_state", { session: alice.token })).body).toEqual({
      status: 0,
      reason: "",
      data: { notifications_unread: 1, messages_unread: 2 },
    });
    await t.post("/notifications/set_read_all", { session: alice.token });
    await t.post("/messages/set_read_all", { session: alice.token });
    expect((await t.post("/app/get_unread_state", { session: alice.token })).body.data).toEqual({
      notifications_unread: 0,
      messages_unread: 0,
    });
    expect((await t.post("/app/get_unread_state", { session: bob.token })).body.data.notifications_unread).toBe(2);
    expect((await t.post("/app/get_unread_state", { session: "forged" })).body.status).toBe(2);
  });
});
