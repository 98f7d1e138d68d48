/**
 * Claims waiting together (claim-queue.ts) when another platform process claims the same group: PostgreSQL only
 * (`npm run test:pg`), since it needs a second connection pool on the same database. Both databases run
 * claim-queue.test.ts.
 */
import { and, count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { accountWithSession, holdingsOf, openCouponGroup, remainOf } from "../../../tests/support/coupon-fixtures";
import { DAY, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { claimCoupon } from "./claim";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
  if (!t.databaseUrl) throw new Error("claim-queue.pg.test.ts runs on PostgreSQL only (DATABASE_URL)");
});
afterAll(() => t.close());

const account = () => accountWithSession(t);
const group = (totalNum: number) => openCouponGroup(t, { name: "同批券", amountFen: 3_00, totalNum });
const answer = (promise: Promise<unknown>) => outcomeOf(promise, "claimed");

describe("claims of one group from two platform processes", () => {
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
      expect(await remainOf(t, g.id)).toBe(8);
      expect(await holdingsOf(t, g.id)).toEqual(
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
