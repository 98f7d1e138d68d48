/**
 * Module operations return domain data (decision 020): camelCase names, fen as
 * integers, dates as Date; the wire names and yuan strings appear only in
 * platform/http/shapes/. HTTP-level tests (platform/http/*.test.ts) check the wire.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notices } from "../db/schema";
import { toUnregisterCheck, toVipInfo } from "../http/shapes/accounts";
import { toMessageItem, toNoticeDetail, toNotificationItem } from "../http/shapes/notices";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { resolveSession } from "./accounts/sessions";
import { unregisterCheck } from "./accounts/unregister";
import { getUserSnapshot } from "./accounts/user-info";
import type { Caller, Visitor } from "./context";
import { listVipTiers } from "./membership/vip-info";
import { listMessages } from "./notices/messages";
import { getNotice } from "./notices/notices";
import { listNotifications, markAllNotificationsRead } from "./notices/notifications";

let t: TestPlatform;
let alice: Caller;
let aliceToken: string;
const visitor: Visitor = { origin: { ip: "10.20.0.1" } };

beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-05-04T03:02:01.000Z") });
  const user = await t.registerUser();
  aliceToken = user.token;
  alice = await resolveSession(t.ctx, visitor, { token: user.token });
});
afterAll(() => t.close());

describe("domain data", () => {
  it("a resolved caller carries the visitor's origin with its account", async () => {
    expect(alice).toEqual({
      origin: visitor.origin,
      sessionId: expect.any(Number),
      userId: expect.any(Number),
      subAccountId: null,
    });
  });

  it("a notice comes back with camelCase fields and a Date; the shape writes the wire", async () => {
    const publishedAt = new Date("2026-05-01T10:00:00.000Z");
    const [row] = await t.db
      .insert(notices)
      .values({ title: "领域数据公告", summary: "摘要", content: "# 正文", publishedAt })
      .returning({ id: notices.id });
    const notice = await getNotice(t.ctx, visitor, { id: row.id });
    expect(notice).toEqual({ id: row.id, title: "领域数据公告", summary: "摘要", publishedAt, content: "# 正文" });
    expect(JSON.stringify(toNoticeDetail(notice))).toBe(
      JSON.stringify({
        Id: row.id,
        Title: "领域数据公告",
        Summary: "摘要",
        PublishedAt: "2026-05-01T10:00:00.000Z",
        Content: "# 正文",
      }),
    );
  });

  it("notifications and messages are pages of items with Dates, filtered by name", async () => {
    const unread = await listNotifications(t.ctx, alice, { page: 1, pageSize: 10, filter: "unread" });
    expect(unread).toMatchObject({ total: 1, unread: 1, page: 1, pageSize: 10 });
    expect(unread.items[0]).toEqual({
      id: expect.any(Number),
      title: "欢迎加入 GPU 算力平台",
      original: expect.any(String),
      createdAt: new Date("2026-05-04T03:02:01.000Z"),
      read: false,
      fromMainAccount: false,
    });
    expect(toNotificationItem(unread.items[0]).CreateAt).toBe("2026-05-04T03:02:01.000Z");
    expect(await markAllNotificationsRead(t.ctx, alice)).toEqual({ updated: 1 });
    expect((await listNotifications(t.ctx, alice, { page: 1, pageSize: 10, filter: "unread" })).items).toEqual([]);
    expect((await listNotifications(t.ctx, alice, { page: 1, pageSize: 10, filter: "read" })).items[0].read).toBe(true);

    const messages = await listMessages(t.ctx, alice, { page: 1, pageSize: 5 });
    expect(messages).toMatchObject({ total: 1, unread: 1, page: 1, pageSize: 5 });
    expect(messages.items[0].createdAt).toBeInstanceOf(Date);
    expect(Object.keys(toMessageItem(messages.items[0]))).toEqual(["Id", "CreateAt", "Message", "Read"]);
  });

  it("unregister blockers hold amounts in fen; the shape writes the sentences in yuan", async () => {
    await t.setWallets(alice.userId, { cashFen: 12_345, voucherFen: 5 });
    const check = await unregisterCheck(t.ctx, alice);
    expect(check).toEqual({
      canUnregister: false,
      blockers: [
        { key: "balance", amountFen: 12_345 },
        { key: "power_money", amountFen: 5 },
      ],
    });
    expect(toUnregisterCheck(check)).toEqual({
      can_unregister: false,
      blockers: [
        { key: "balance", message: "账户余额为 ¥123.45，请先提现或消费后再注销" },
        { key: "power_money", message: "算力券余额为 ¥0.05，注销后将作废，请先使用" },
      ],
    });
    await t.setWallets(alice.userId, { cashFen: 0, voucherFen: 0 });
  });

  it("the user snapshot and the membership tiers are in fen", async () => {
    const snapshot = await getUserSnapshot(t.ctx, visitor, { token: aliceToken, withUnread: true });
    expect(snapshot).toMatchObject({ moneyFen: 0, accumulatedTopUpFen: 0, unread: { notifications: 0, messages: 1 } });
    expect(snapshot.createdAt).toEqual(new Date("2026-05-04T03:02:01.000Z"));
    const tiers = listVipTiers(t.ctx, alice);
    expect(tiers[1]).toEqual({
      level: 1,
      name: "铜牌会员",
      discount: 0.98,
      thresholdFen: 100_00,
      nextThresholdFen: 1_500_00,
    });
    expect(toVipInfo(tiers[1])).toEqual({
      VipLevel: 1,
      Name: "铜牌会员",
      VipDiscount: 0.98,
      Threshold: 100,
      NextThreshold: 1500,
    });
  });
});
