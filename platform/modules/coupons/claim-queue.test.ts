/**
 * Claims waiting together (claim-queue.ts): the claims of one group that
 * arrive at the same moment go in one statement, and each still gets exactly
 * the answer it would get alone. Runs on PGlite and on PostgreSQL; the last
 * test needs a second connection pool, so PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { accountWithSession, openCouponGroup } from "../../../tests/support/coupon-fixtures";
import { DAY, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { claimCoupon, claimCouponBySession } from "./claim";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const visitor = { origin: { ip: null } };

const account = (verifiedAs: "student" | null = null) => accountWithSession(t, { verifiedAs });
const group = (totalNum: number, targetUserVerifyType: 0 | 1 = 0) =>
  openCouponGroup(t, { name: "同批券", amountFen: 3_00, totalNum, targetUserVerifyType });

const answer = (promise: Promise<unknown>) => outcomeOf(promise, "claimed");

async function remainOf(groupId: number): Promise<number> {
  const [row] = await t.db
    .select({ remain: couponGroups.remainNum })
    .from(couponGroups)
    .where(eq(couponGroups.id, groupId));
  return row!.remain;
}

async function holdings(groupId: number): Promise<Map<number, number>> {
  const rows = await t.db
    .select({ userId: userCoupons.userId, n: count() })
    .from(userCoupons)
    .where(eq(userCoupons.groupId, groupId))
    .groupBy(userCoupons.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.n)]));
}

describe("claims of one group at the same moment", () => {
  it("each gets its own answer: first asks win in order, a repeated ask is 已领取, dead sessions are status 2", async () => {
    const g = await group(3);
    const [a, b, c, d, e] = await Promise.all([account(), account(), account(), account(), account()]);
    const dead = randomBytes(32).toString("base64url");
    const asks = [a!, a!, b!, { token: dead, userId: 0 }, c!, a!, d!, e!];
    const answers = await Promise.all(
      asks.map((who) => answer(claimCouponBySession(t.ctx, visitor, { token: who.token, groupId: g.id }))),
    );
    expect(answers).toEqual([
      "claimed",
      "COUPON_ALREADY_CLAIMED",
      "claimed",
      "SESSION_INVALID",
      "claimed",
      "COUPON_ALREADY_CLAIMED",
      "COUPON_SOLD_OUT",
      "COUPON_SOLD_OUT",
    ]);
    expect(await remainOf(g.id)).toBe(0);
    expect(await holdings(g.id)).toEqual(
      new Map([
        [a!.userId, 1],
        [b!.userId, 1],
        [c!.userId, 1],
      ]),
    );
  });

  it("a group for students is not found by the others of the same statement, and they take nothing from it", async () => {
    const g = await group(5, 1);
    const [student, other] = await Promise.all([account("student"), account()]);
    const answers = await Promise.all(
      [other!, student!, other!].map((who) =>
        answer(claimCouponBySession(t.ctx, visitor, { token: who.token, groupId: g.id })),
      ),
    );
    expect(answers).toEqual(["NOT_FOUND", "claimed", "NOT_FOUND"]);
    expect(await remainOf(g.id)).toBe(4);
  });

  it("a user who already holds one is 已领取 in a statement where others still claim", async () => {
    const g = await group(10);
    const [holder, x, y] = await Promise.all([account(), account(), account()]);
    await claimCouponBySession(t.ctx, visitor, { token: holder!.token, groupId: g.id });
    const answers = await Promise.all(
      [x!, holder!, y!].map((who) => answer(claimCouponBySession(t.ctx, visitor, { token: who.token, groupId: g.id }))),
    );
    expect(answers).toEqual(["claimed", "COUPON_ALREADY_CLAIMED", "claimed"]);
    expect(await remainOf(g.id)).toBe(7);
  });
});

describe.runIf(process.env.DATABASE_URL)("on PostgreSQL, two platform processes", () => {
  it("a user whose coupon another process inserts meanwhile is 已领取, and the rest of that statement still claims", async () => {
    const other = await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: "" });
    try {
      const g = await group(10);
      const [raced, calm] = await Promise.all([account(), account()]);
      // The other process's claim for `raced` is in flight (inserted, not committed) when this
      // process's statement for both users starts: that statement waits on the unique index, then fails whole.
      let claims: Promise<string[]> | undefined;
      await other.db.transaction(async (tx) => {
        await tx.insert(userCoupons).values({
          userId: raced!.userId,
          groupId: g.id,
          claimedAt: t.clock.now(),
          expiresAt: new Date(t.clock.now().getTime() + DAY),
        });
        await tx.execute(sql`update ${couponGroups} set remain_num = remain_num - 1 where id = ${g.id}`);
        claims = Promise.all(
          [raced!, calm!].map((who) => answer(claimCoupon(t.ctx, mainCaller(who.userId), { groupId: g.id }))),
        );
        await waitUntilSomeoneWaitsForALock();
      });
      expect(await claims).toEqual(["COUPON_ALREADY_CLAIMED", "claimed"]);
      expect(await remainOf(g.id)).toBe(8);
      expect(await holdings(g.id)).toEqual(
        new Map([
          [raced!.userId, 1],
          [calm!.userId, 1],
        ]),
      );
    } finally {
      await other.close();
    }
  });
});

function mainCaller(userId: number) {
  return { origin: { ip: null }, sessionId: 0, userId, subAccountId: null };
}

/** Until a backend of this database waits for a lock (the claim statement, blocked by the open transaction). */
async function waitUntilSomeoneWaitsForALock(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = await t.db
      .select({ n: count() })
      .from(sql`pg_stat_activity`)
      .where(and(sql`datname = current_database()`, sql`wait_event_type = 'Lock'`));
    if (Number(row!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no claim statement ever waited for the open transaction");
}
