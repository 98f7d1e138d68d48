/**
 * The points ledger (issue 39 §3, decision 111): lots expire at the end of next year (Beijing), spending takes the
 * lots that expire first, every change is idempotent by its key, and concurrent spends of one account never take
 * more than it has (on PostgreSQL they really race).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointBalances, pointEntries } from "../../db/points-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { mainAccount } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { awardPoints, expireDueLots, spendablePoints, takePoints } from "./ledger";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-06-01T04:00:00Z") });
});
afterAll(() => t.close());

let n = 0;
const key = (prefix: string) => `${prefix}-${++n}`;
const award = (userId: number, points: number, operationKey = key("award")) =>
  awardPoints(t.ctx, { userId, kind: "earn", points, operationKey, refersTo: "test" });
const take = (userId: number, points: number, mode: "all" | "available" = "all", operationKey = key("take")) =>
  takePoints(t.ctx, { userId, kind: "exchange", points, mode, operationKey, refersTo: "test" });

/** The balance row, the last entry's balance and the lots' remaining sum must agree (the ledger's invariant). */
async function consistent(userId: number): Promise<number> {
  const [balance] = await t.db.select().from(pointBalances).where(eq(pointBalances.userId, userId));
  const [sums] = await t.db
    .select({
      total: sql<string>`coalesce(sum(${pointEntries.points}), 0)`,
      remaining: sql<string>`coalesce(sum(${pointEntries.remaining}), 0)`,
    })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId));
  expect(Number(sums!.total)).toBe(balance!.points);
  expect(Number(sums!.remaining)).toBe(balance!.points);
  return balance!.points;
}

describe("points ledger", () => {
  it("awards a lot that expires at the end of next year, once per key", async () => {
    const { userId } = await mainAccount(t);
    const first = await award(userId, 120, "spend:1");
    expect(first.replayed).toBe(false);
    expect(first.entry.expiresAt?.toISOString()).toBe("2027-12-31T16:00:00.000Z");
    const again = await award(userId, 120, "spend:1");
    expect(again).toMatchObject({ replayed: true, entry: { id: first.entry.id } });
    expect(await outcomeOf(award(userId, 5, "spend:1"))).toBe("OPERATION_CONFLICT");
    expect(await spendablePoints(t.ctx, userId)).toBe(120);
    expect(await consistent(userId)).toBe(120);
  });

  it("refuses bad amounts and takes nothing it does not have", async () => {
    const { userId } = await mainAccount(t);
    await award(userId, 50);
    for (const bad of [0, -1, 1.5, Number.NaN, 1e12]) expect(await outcomeOf(award(userId, bad))).toBe("BAD_REQUEST");
    expect(await outcomeOf(take(userId, 51))).toBe("POINTS_INSUFFICIENT");
    expect(await consistent(userId)).toBe(50);
    const partial = await take(userId, 80, "available");
    expect(partial.entry?.points).toBe(-50);
    expect((await take(userId, 10, "available")).entry).toBeNull();
    expect(await consistent(userId)).toBe(0);
  });

  it("spends the lots that expire first, and writes off what expired", async () => {
    const { userId } = await mainAccount(t);
    const old = await award(userId, 100); // earned 2026: expires at the end of 2027
    t.clock.advance(365 * 24 * 3600 * 1000); // 2027-06-01
    const young = await award(userId, 100); // earned 2027: expires at the end of 2028
    expect(young.entry.expiresAt?.toISOString()).toBe("2028-12-31T16:00:00.000Z");
    await take(userId, 30);
    const lots = await t.db.select().from(pointEntries).where(eq(pointEntries.userId, userId));
    expect(lots.find((e) => e.id === old.entry.id)?.remaining).toBe(70);
    expect(lots.find((e) => e.id === young.entry.id)?.remaining).toBe(100);

    t.clock.advance(215 * 24 * 3600 * 1000); // 2028-01-01 12:00 Beijing: the 2026 lot has expired
    expect(await spendablePoints(t.ctx, userId)).toBe(100);
    expect(await expireDueLots(t.ctx, userId)).toBe(100);
    expect(await expireDueLots(t.ctx, userId)).toBe(100); // once
    const expired = await t.db.select().from(pointEntries).where(eq(pointEntries.userId, userId));
    expect(expired.filter((e) => e.kind === "expire").map((e) => e.points)).toEqual([-70]);
    expect(await outcomeOf(take(userId, 101))).toBe("POINTS_INSUFFICIENT");
    expect(await consistent(userId)).toBe(100);
  });

  it("lets concurrent spends of one account take at most what it has", async () => {
    const { userId } = await mainAccount(t);
    await award(userId, 100);
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => outcomeOf(take(userId, 7))));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(14);
    expect(outcomes.filter((o) => o === "POINTS_INSUFFICIENT")).toHaveLength(16);
    expect(await consistent(userId)).toBe(2);
  });

  it("takes one key once however often it is sent at once", async () => {
    const { userId } = await mainAccount(t);
    await award(userId, 100);
    const replies = await Promise.all(Array.from({ length: 10 }, () => take(userId, 40, "all", "exchange:7")));
    expect(new Set(replies.map((r) => r.entry?.id)).size).toBe(1);
    expect(await consistent(userId)).toBe(60);
  });
});
