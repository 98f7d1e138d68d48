/**
 * The anniversary raffle's draws (issue 39 §4, decisions 118 and 119): earned by net cash spending in the window
 * and once by the questionnaire, never more than earned; prizes land at once where the page says; out of stock
 * falls to nothing; each draw keeps its random value and odds; the window refuses before and after; another
 * account's draw is not found; 1,000 concurrent draws against a prize with stock 10 give at most 10 (on PostgreSQL
 * they really race).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raffleDraws } from "../../db/raffle-schema";
import { userCoupons } from "../../db/wallet-schema";
import { createCouponGroup } from "../coupons/create-group";
import { useMoneyCoupon } from "../coupons/use-money-coupon";
import { users } from "../../db/schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { mainAccount, subAccount } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { GOOD_ANSWERS, moveRaffle, openRaffle, prizeStock, setPrizes, spendCash } from "../../../tests/support/raffle";
import { spendablePoints } from "../points/ledger";
import { drawAllowance } from "./allowance";
import { drawOnce } from "./draw";
import { drawRecord, raffleOverview } from "./overview";
import { answerQuestionnaire } from "./questionnaire";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

let n = 0;
const key = () => `draw-key-${++n}`;
const fixed = (value: number) => () => value;

describe("raffle draws", () => {
  it("earns one draw per ¥100 of net cash spending in the window and one for the questionnaire, never more", async () => {
    const event = await openRaffle(t);
    await setPrizes(t, [{ name: "5 元算力券", kind: "voucher", amount: 500, stock: 100, weight: 5000 }]);
    const me = await mainAccount(t, { cashFen: 1_000_00, voucherFen: 50_00 });
    await spendCash(t, me.userId, 250_00, 60_00); // net ¥190: one draw, ¥10 to the next
    await answerQuestionnaire(t.ctx, me.caller, GOOD_ANSWERS);
    const allowance = await drawAllowance(t.db, event, me.userId);
    expect(allowance).toMatchObject({ netSpentFen: 190_00, fromSpending: 1, fromQuestionnaire: 1, used: 0, left: 2 });
    expect(allowance.toNextDrawFen).toBe(10_00);
    const first = await drawOnce(t.ctx, me.caller, { operationKey: "same-key-1" }, fixed(9_999));
    expect(first).toMatchObject({ outcome: "none", prize: null, replayed: false });
    const again = await drawOnce(t.ctx, me.caller, { operationKey: "same-key-1" }, fixed(0));
    expect(again).toMatchObject({ id: first.id, outcome: "none", replayed: true });
    await drawOnce(t.ctx, me.caller, { operationKey: key() }, fixed(9_999));
    expect(await outcomeOf(drawOnce(t.ctx, me.caller, { operationKey: key() }))).toBe("RAFFLE_NO_DRAWS");
    const rows = await t.db.select().from(raffleDraws).where(eq(raffleDraws.userId, me.userId));
    expect(rows).toHaveLength(2);
  });

  it("a refund counts back: spending refunded below the step earns nothing", async () => {
    const event = await openRaffle(t);
    const me = await mainAccount(t, { cashFen: 500_00 });
    await spendCash(t, me.userId, 120_00, 30_00);
    expect((await drawAllowance(t.db, event, me.userId)).left).toBe(0);
    expect(await outcomeOf(drawOnce(t.ctx, me.caller, { operationKey: key() }))).toBe("RAFFLE_NO_DRAWS");
  });

  it("vouchers land in the voucher wallet and points as a prize lot, at once; the draw keeps its audit record", async () => {
    await openRaffle(t, { stepFen: 10_00 });
    const [voucher, points] = await setPrizes(t, [
      { name: "20 元算力券", kind: "voucher", amount: 20_00, stock: 5, weight: 1000 },
      { name: "500 积分", kind: "points", amount: 500, stock: 5, weight: 1000 },
    ]);
    const me = await mainAccount(t, { cashFen: 100_00 });
    await spendCash(t, me.userId, 20_00);
    const won = await drawOnce(t.ctx, me.caller, { operationKey: key() }, fixed(999));
    expect(won).toMatchObject({ outcome: "won", prize: { id: voucher, kind: "voucher", amount: 20_00 } });
    expect(won.deliveredAs).toMatch(/^ledger:\d+$/);
    const [after] = await t.db.select({ v: users.powerMoneyFen }).from(users).where(eq(users.id, me.userId));
    expect(after!.v).toBe(20_00);
    expect(await prizeStock(t, voucher!)).toBe(4);
    const pts = await drawOnce(t.ctx, me.caller, { operationKey: key() }, fixed(1000));
    expect(pts).toMatchObject({ outcome: "won", prize: { id: points } });
    expect(await spendablePoints(t.ctx, me.userId)).toBe(500);
    const record = await drawRecord(t.ctx, me.caller, pts.id);
    expect(record).toMatchObject({ randomValue: 1000, pickedPrizeId: points, prizeName: "500 积分" });
    expect(record.odds.map((o) => [o.prizeId, o.weight])).toEqual([
      [voucher, 1000],
      [points, 1000],
    ]);
    const overview = await raffleOverview(t.ctx, me.caller);
    expect(overview.winners[0]).toMatchObject({ prizeName: "500 积分" });
    expect(overview.winners[0]!.maskedPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it("a coupon prize lands in 我的优惠券 and can be used; a second of the same group gives nothing and keeps the stock", async () => {
    await openRaffle(t, { stepFen: 10_00 });
    const now = t.clock.now().getTime();
    const group = await createCouponGroup(t.ctx, {
      name: "抽奖充值券 8 元",
      type: 0,
      amountFen: 8_00,
      useTimeLimitDays: 30,
      inCouponCentre: false,
      beginAt: new Date(now - 86_400_000),
      endAt: new Date(now + 365 * 86_400_000),
      totalNum: 1000,
    });
    const [prize] = await setPrizes(t, [
      { name: "8 元充值券", kind: "coupon", amount: 8_00, stock: 3, weight: 10_000, couponGroupId: group.id },
    ]);
    const me = await mainAccount(t, { cashFen: 100_00 });
    await spendCash(t, me.userId, 20_00); // two draws
    const won = await drawOnce(t.ctx, me.caller, { operationKey: key() });
    expect(won).toMatchObject({ outcome: "won", prize: { id: prize, kind: "coupon" } });
    expect(won.deliveredAs).toMatch(/^coupon:\d+$/);
    const couponId = Number(won.deliveredAs!.slice("coupon:".length));
    const [held] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(held).toMatchObject({ userId: me.userId, groupId: group.id, usedAt: null });
    // 30 days from the draw, as the group says.
    expect(held!.expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * 86_400_000);
    expect(await prizeStock(t, prize!)).toBe(2);

    const second = await drawOnce(t.ctx, me.caller, { operationKey: key() });
    expect(second).toMatchObject({ outcome: "already_held", prize: null, deliveredAs: null });
    expect(await prizeStock(t, prize!)).toBe(2);
    expect((await drawRecord(t.ctx, me.caller, second.id)).pickedPrizeId).toBe(prize);

    const [{ cash: before }] = await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, me.userId));
    await useMoneyCoupon(t.ctx, me.caller, { couponId });
    const [{ cash: after }] = await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, me.userId));
    expect(after - before).toBe(8_00);
  });

  it("a prize out of stock falls to nothing, recorded as out_of_stock", async () => {
    await openRaffle(t, { stepFen: 10_00 });
    const [gone] = await setPrizes(t, [{ name: "显卡", kind: "points", amount: 1, stock: 0, weight: 10_000 }]);
    const me = await mainAccount(t, { cashFen: 100_00 });
    await spendCash(t, me.userId, 10_00);
    const draw = await drawOnce(t.ctx, me.caller, { operationKey: key() });
    expect(draw).toMatchObject({ outcome: "out_of_stock", prize: null, deliveredAs: null });
    expect((await drawRecord(t.ctx, me.caller, draw.id)).pickedPrizeId).toBe(gone);
    expect(await prizeStock(t, gone!)).toBe(0);
  });

  it("refuses before and after the window, with the page's message", async () => {
    await openRaffle(t, { stepFen: 10_00 });
    const me = await mainAccount(t, { cashFen: 100_00 });
    await spendCash(t, me.userId, 10_00);
    await moveRaffle(t, "before");
    expect(await outcomeOf(drawOnce(t.ctx, me.caller, { operationKey: key() }))).toBe("RAFFLE_NOT_STARTED");
    expect(await outcomeOf(answerQuestionnaire(t.ctx, me.caller, GOOD_ANSWERS))).toBe("RAFFLE_NOT_STARTED");
    await moveRaffle(t, "after");
    expect(await outcomeOf(drawOnce(t.ctx, me.caller, { operationKey: key() }))).toBe("RAFFLE_ENDED");
    expect((await raffleOverview(t.ctx, null)).state).toBe("ended");
    expect(await t.db.select().from(raffleDraws).where(eq(raffleDraws.userId, me.userId))).toHaveLength(0);
  });

  it("sub-accounts cannot draw or answer; another account's draw is not found", async () => {
    await openRaffle(t, { stepFen: 10_00 });
    await setPrizes(t, [{ name: "100 积分", kind: "points", amount: 100, stock: 10, weight: 5000 }]);
    const owner = await mainAccount(t, { cashFen: 100_00 });
    await spendCash(t, owner.userId, 10_00);
    const draw = await drawOnce(t.ctx, owner.caller, { operationKey: key() });
    const sub = await subAccount(t, owner, 100_00);
    expect(await outcomeOf(drawOnce(t.ctx, sub.caller, { operationKey: key() }))).toBe("PERMISSION_DENIED");
    expect(await outcomeOf(answerQuestionnaire(t.ctx, sub.caller, GOOD_ANSWERS))).toBe("PERMISSION_DENIED");
    expect(await outcomeOf(drawRecord(t.ctx, sub.caller, draw.id))).toBe("NOT_FOUND");
    const stranger = await mainAccount(t);
    expect(await outcomeOf(drawRecord(t.ctx, stranger.caller, draw.id))).toBe("NOT_FOUND");
    expect(await outcomeOf(drawRecord(t.ctx, stranger.caller, 987_654_321))).toBe("NOT_FOUND");
    expect((await raffleOverview(t.ctx, sub.caller)).me).toEqual({ subAccount: true });
  });

  it("checks the questionnaire's answers and takes one per account", async () => {
    await openRaffle(t);
    const me = await mainAccount(t);
    expect(await outcomeOf(answerQuestionnaire(t.ctx, me.caller, { ...GOOD_ANSWERS, gpu: "tpu" }))).toBe("BAD_REQUEST");
    expect(
      await outcomeOf(answerQuestionnaire(t.ctx, me.caller, { ...GOOD_ANSWERS, suggestion: "长".repeat(301) })),
    ).toBe("BAD_REQUEST");
    await answerQuestionnaire(t.ctx, me.caller, GOOD_ANSWERS);
    expect(await outcomeOf(answerQuestionnaire(t.ctx, me.caller, GOOD_ANSWERS))).toBe("RAFFLE_ANSWERED");
    const both = await Promise.all(
      [1, 2].map(async () => outcomeOf(answerQuestionnaire(t.ctx, (await mainAccount(t)).caller, GOOD_ANSWERS))),
    );
    expect(both).toEqual(["ok", "ok"]);
  });

  it("1,000 concurrent draws against a prize with stock 10 give at most 10, and the stock never goes below 0", async () => {
    await openRaffle(t, { stepFen: 1 });
    const [prize] = await setPrizes(t, [
      { name: "10 元算力券", kind: "voucher", amount: 10_00, stock: 10, weight: 10_000 },
    ]);
    const accounts = [];
    for (let i = 0; i < 100; i++) {
      const a = await mainAccount(t, { cashFen: 100 });
      await spendCash(t, a.userId, 10); // ten draws each
      accounts.push(a);
    }
    const outcomes = await Promise.all(
      accounts.flatMap((a) => Array.from({ length: 10 }, () => drawOnce(t.ctx, a.caller, { operationKey: key() }))),
    );
    const won = outcomes.filter((o) => o.outcome === "won");
    expect(won).toHaveLength(10);
    expect(outcomes.filter((o) => o.outcome === "out_of_stock")).toHaveLength(990);
    expect(await prizeStock(t, prize!)).toBe(0);
    const wonRows = await t.db.select().from(raffleDraws).where(eq(raffleDraws.prizeId, prize!));
    expect(wonRows).toHaveLength(10);
  }, 180_000);
});
