/**
 * "May see the main account's notices" (issue 38 §3, decision 107): a sub-account the main account lets see them
 * lists the main account's notifications beside its own, read-only (shown read, never its unread, never marked by
 * its "read all"); without the permission, and for its sibling, nothing of the main account's (decision 028).
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../db/schema";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let main: RegisteredUser;
let sub: { id: number; token: string };
let sibling: { id: number; token: string };

beforeAll(async () => {
  t = await startTestPlatform();
  main = await t.registerUser();
  const caller = await t.callerOf(main);
  const login = async (name: string) => {
    const { subAccountId } = await createSubAccount(t.ctx, caller, { name, password: "Notice123", moneyLimitFen: 0 });
    const reply = await t.post("/sub_account_login", { phone: main.phone, name, password: "Notice123" });
    expect(reply.body.status).toBe(0);
    return { id: subAccountId, token: reply.body.data.token as string };
  };
  sub = await login("ops-lab");
  sibling = await login("ops-lab-2");
  const at = (ms: number) => new Date(t.clock.now().getTime() + ms);
  await t.db.insert(notifications).values([
    { userId: main.userId, title: "实例因余额不足已关机", original: "主账号的通知", createdAt: at(1000) },
    { userId: main.userId, subAccountId: sub.id, title: "子账号自己的通知", original: "自己的", createdAt: at(2000) },
  ]);
});
afterAll(() => t.close());

const list = async (token: string, status = -1) =>
  (await t.post("/notifications/get_list", { session: token, status, page_size: 50 })).body.data as {
    total: number;
    unread: number;
    list: { Title: string; Read: boolean; FromMainAccount: boolean }[];
  };
const titles = (page: { list: { Title: string }[] }) => page.list.map((n) => n.Title);
const permit = (sees: "0" | "1") =>
  t.post("/update_user_sub_account_permissions", {
    session: main.token,
    id: sub.id,
    may_rent: "1",
    sees_main_notifications: sees,
  });
const mainUnread = () =>
  t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, main.userId), isNull(notifications.subAccountId), isNull(notifications.readAt)))
    .then((rows) => rows.length);

describe("a sub-account and its main account's notifications", () => {
  it("sees only its own without the permission", async () => {
    expect(titles(await list(sub.token))).toEqual(["子账号自己的通知"]);
    const listed = (await t.post("/get_user_sub_accounts", { session: main.token })).body.data.sub_accounts;
    expect(listed.find((s: { id: number }) => s.id === sub.id)).toMatchObject({ sees_main_notifications: false });
  });

  it("with it, lists them beside its own, read-only: shown read, not its unread, not marked by its read-all", async () => {
    expect((await permit("1")).body.status).toBe(0);
    const listed = (await t.post("/get_user_sub_accounts", { session: main.token })).body.data.sub_accounts;
    expect(listed.find((s: { id: number }) => s.id === sub.id)).toMatchObject({ sees_main_notifications: true });

    const all = await list(sub.token);
    expect(titles(all)).toContain("实例因余额不足已关机");
    expect(titles(all)).toContain("子账号自己的通知");
    expect(all.list.find((n) => n.Title === "实例因余额不足已关机")).toMatchObject({
      Read: true,
      FromMainAccount: true,
    });
    expect(all.list.find((n) => n.Title === "子账号自己的通知")).toMatchObject({ FromMainAccount: false });
    expect(all.unread).toBe(1);
    expect(titles(await list(sub.token, 0))).toEqual(["子账号自己的通知"]);
    expect(titles(await list(sub.token, 1))).toContain("实例因余额不足已关机");

    const unreadBefore = await mainUnread();
    expect(unreadBefore).toBeGreaterThan(0);
    expect((await t.post("/notifications/set_read_all", { session: sub.token })).body.data).toEqual({ updated: 1 });
    expect(await mainUnread()).toBe(unreadBefore);
    // The main account's own list is as it was: its rows, its unread, none of the sub-account's.
    const mains = await list(main.token);
    expect(titles(mains)).toContain("实例因余额不足已关机");
    expect(titles(mains)).not.toContain("子账号自己的通知");
    expect(mains.unread).toBe(unreadBefore);
    expect(mains.list.every((n) => !n.FromMainAccount)).toBe(true);
  });

  it("a sibling without the permission sees nothing of the main account's, and turning it off hides them again", async () => {
    expect(titles(await list(sibling.token))).toEqual([]);
    expect((await permit("0")).body.status).toBe(0);
    expect(titles(await list(sub.token))).toEqual(["子账号自己的通知"]);
  });
});
