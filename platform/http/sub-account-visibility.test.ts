/**
 * What a sub-account may see (docs/decisions/028, spec §6, issue 9 §7): every
 * main-API call walked with a sub-account's token, and with foreign ids in the
 * body. A sub-account sees its own quota, name, its main account's phone masked
 * and its own notifications and messages; nothing else of its main account.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, notifications, users } from "../db/schema";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { accountsApi } from "./api/accounts";
import { couponsApi } from "./api/coupons";
import { noticesApi } from "./api/notices";

let t: TestPlatform;
let main: { phone: string; token: string; userId: number };
let sub: { id: number; token: string };
let sibling: { id: number; token: string };

const EMAIL = "finance.secret@example.com";
/** What the main account has that no sub-account reply may contain. */
let secrets: string[];

const unreadOf = (table: typeof notifications | typeof messages, subAccountId: number | null) =>
  t.db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.userId, main.userId),
        subAccountId === null ? isNull(table.subAccountId) : eq(table.subAccountId, subAccountId),
        isNull(table.readAt),
      ),
    )
    .then((rows) => rows.length);

beforeAll(async () => {
  t = await startTestPlatform();
  const registered = await t.registerUser();
  main = registered;
  await t.setWallets(main.userId, {
    cashFen: 1234_56,
    voucherFen: 77_88,
    creditFen: 3000_00,
    accumulatedFen: 1600_00,
  });
  await t.db.update(users).set({ noticeEmail: EMAIL }).where(eq(users.id, main.userId));
  const caller = await resolveSession(t.ctx, { origin: { ip: "test" } }, { token: main.token });
  const one = await createSubAccount(t.ctx, caller, { name: "gpu-lab", password: "Gpulab123", moneyLimitFen: 500_00 });
  const two = await createSubAccount(t.ctx, caller, { name: "gpu-lab-2", password: "Gpulab123", moneyLimitFen: 0 });
  const login = async (name: string) => {
    const reply = await t.post("/sub_account_login", { phone: main.phone, name, password: "Gpulab123" });
    expect(reply.body.status).toBe(0);
    return reply.body.data.token as string;
  };
  sub = { id: one.subAccountId, token: await login("gpu-lab") };
  sibling = { id: two.subAccountId, token: await login("gpu-lab-2") };
  await t.db.insert(notifications).values([
    { userId: main.userId, title: "主账号通知：发票已开具", original: "主账号私密内容" },
    { userId: main.userId, subAccountId: sub.id, title: "子账号通知", original: "给 gpu-lab 的通知" },
    { userId: main.userId, subAccountId: sibling.id, title: "兄弟子账号通知", original: "给 gpu-lab-2 的通知" },
  ]);
  await t.db.insert(messages).values([
    { userId: main.userId, message: "主账号消息：余额变动 1234.56" },
    { userId: main.userId, subAccountId: sub.id, message: "子账号消息：登录提醒" },
  ]);
  secrets = [main.phone, EMAIL, "1234.56", "77.88", "3000.00", "1600.00", "主账号", "兄弟子账号", "欢迎"];
});
afterAll(() => t.close());

describe("a sub-account's get_user_info", () => {
  it("has its own name, quota and unread counts, its main phone masked, and the main account's figures as null", async () => {
    const reply = await t.post("/get_user_info", { session: sub.token, with_unread: "1" });
    expect(reply.body.status).toBe(0);
    expect(reply.body.data).toEqual({
      Name: "gpu-lab",
      Phone: `${main.phone.slice(0, 3)}****${main.phone.slice(7)}`,
      AccountType: null,
      CompanyName: null,
      NoticeEmail: null,
      NoticeEmailConfirmed: null,
      SubAccount: { Name: "gpu-lab", MoneyLimit: "500.00", MoneyUsed: "0.00", MoneyCanUse: "500.00" },
      VipLevel: null,
      AccumulatedMoney: null,
      Money: null,
      PowerMoney: null,
      CreditMoneyQuota: null,
      displayMoney: null,
      integratedMoney: null,
      remainCreditMoney: null,
      creditPercent: null,
      userVipInfo: null,
      VerifiedAs: null,
      Unread: { Notifications: 1, Messages: 1, WorkOrderReplies: false },
      CreatedAt: expect.any(String),
      UserId: expect.any(Number),
    });
  });

  it("the main account still sees its own figures and only its own unread counts", async () => {
    const { data } = (await t.post("/get_user_info", { session: main.token, with_unread: "1" })).body;
    expect(data).toMatchObject({
      Phone: main.phone,
      NoticeEmail: EMAIL,
      NoticeEmailConfirmed: false,
      Money: "1234.56",
      PowerMoney: "77.88",
      CreditMoneyQuota: "3000.00",
      VipLevel: 2,
      SubAccount: null,
      // The welcome notification and message of registration, plus the ones above.
      Unread: { Notifications: 2, Messages: 2 },
    });
  });
});

describe("a sub-account's notifications and messages", () => {
  it("lists only its own notifications, whatever the read filter", async () => {
    for (const status of ["-1", "0"]) {
      const reply = await t.post("/notifications/get_list", { session: sub.token, status });
      expect(reply.body.data).toMatchObject({ total: 1, unread: 1 });
      expect(reply.body.data.list.map((n: { Title: string }) => n.Title)).toEqual(["子账号通知"]);
    }
    const siblingList = await t.post("/notifications/get_list", { session: sibling.token });
    expect(siblingList.body.data.list.map((n: { Title: string }) => n.Title)).toEqual(["兄弟子账号通知"]);
  });

  it("the main account's list has none of its sub-accounts' notifications", async () => {
    const reply = await t.post("/notifications/get_list", { session: main.token, page_size: "50" });
    const titles = reply.body.data.list.map((n: { Title: string }) => n.Title);
    expect(titles).toContain("主账号通知：发票已开具");
    expect(titles).not.toContain("子账号通知");
    expect(titles).not.toContain("兄弟子账号通知");
  });

  it("lists only its own messages", async () => {
    const reply = await t.post("/messages/get_list", { session: sub.token });
    expect(reply.body.data).toMatchObject({ total: 1, unread: 1 });
    expect(reply.body.data.list.map((m: { Message: string }) => m.Message)).toEqual(["子账号消息：登录提醒"]);
  });

  it("the unread state is its own", async () => {
    const reply = await t.post("/app/get_unread_state", { session: sub.token });
    expect(reply.body.data).toEqual({ notifications_unread: 1, messages_unread: 1 });
  });

  it("mark-all-read marks its own only: the main account's and the sibling's stay unread", async () => {
    const before = { main: await unreadOf(notifications, null), sibling: await unreadOf(notifications, sibling.id) };
    expect(before).toEqual({ main: 2, sibling: 1 });
    const marked = await t.post("/notifications/set_read_all", { session: sub.token, user_id: String(main.userId) });
    expect(marked.body).toMatchObject({ status: 0, data: { updated: 1 } });
    expect(await unreadOf(notifications, sub.id)).toBe(0);
    expect(await unreadOf(notifications, null)).toBe(2);
    expect(await unreadOf(notifications, sibling.id)).toBe(1);

    const messagesMarked = await t.post("/messages/set_read_all", { session: sub.token });
    expect(messagesMarked.body).toMatchObject({ status: 0, data: { updated: 1 } });
    expect(await unreadOf(messages, sub.id)).toBe(0);
    expect(await unreadOf(messages, null)).toBe(2);
  });

  it("the main account's mark-all-read leaves its sub-accounts' unread", async () => {
    await t.post("/notifications/set_read_all", { session: main.token });
    expect(await unreadOf(notifications, null)).toBe(0);
    expect(await unreadOf(notifications, sibling.id)).toBe(1);
  });
});

describe("what a sub-account may not do", () => {
  it("cannot read or change the main account's notice email, nor check or close the account", async () => {
    for (const [path, fields] of [
      ["/change_notice_email", { email: "sub@example.com" }],
      ["/unregister_check", {}],
      ["/unregister", { code: "123456", agree: "1" }],
    ] as const) {
      const reply = await t.post(path, { session: sub.token, ...fields });
      expect(reply.body, path).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    }
    const row = await t.userByPhone(main.phone);
    expect(row).toMatchObject({ noticeEmail: EMAIL, closedAt: null, moneyFen: 1234_56 });
  });

  it("reads the membership table, which is the same for everyone and says nothing of the main account", async () => {
    const asSub = await t.post("/get_user_vip_info", { session: sub.token });
    const asMain = await t.post("/get_user_vip_info", { session: main.token });
    expect(asSub.body).toEqual(asMain.body);
  });
});

describe("every main-API call with a sub-account's token and foreign ids", () => {
  const paths = [...accountsApi.routes, ...noticesApi.routes, ...couponsApi.routes]
    .filter((r) => r.path !== "/logout")
    .map((r) => ({ method: r.method, path: r.path }));

  for (const { method, path } of paths) {
    it(`${method} ${path} answers nothing of the main account or a sibling`, async () => {
      const fields = {
        session: sub.token,
        user_id: String(main.userId),
        userId: String(main.userId),
        sub_account_id: String(sibling.id),
        phone: main.phone,
        page: "1",
        page_size: "50",
        status: "-1",
        with_unread: "1",
        id: "1",
      };
      const reply = method === "GET" ? await t.get(path, fields) : await t.post(path, fields);
      expect(reply.http).toBeLessThan(500);
      const text = JSON.stringify(reply.body);
      for (const secret of secrets) {
        expect(text, `${path} leaks ${secret}`).not.toContain(secret);
      }
    });
  }
});
