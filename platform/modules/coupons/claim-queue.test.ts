/**
 * Claims waiting together (claim-queue.ts): the claims of one group that
 * arrive at the same moment go in one statement, and each still gets exactly
 * the answer it would get alone. Runs on PGlite and on PostgreSQL; the race
 * with a second platform process is in claim-queue.pg.test.ts.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { accountWithSession, holdingsOf, openCouponGroup, remainOf } from "../../../tests/support/coupon-fixtures";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { claimCouponBySession } from "./claim";

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
    expect(await remainOf(t, g.id)).toBe(0);
    expect(await holdingsOf(t, g.id)).toEqual(
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
    expect(await remainOf(t, g.id)).toBe(4);
  });

  it("a user who already holds one is 已领取 in a statement where others still claim", async () => {
    const g = await group(10);
    const [holder, x, y] = await Promise.all([account(), account(), account()]);
    await claimCouponBySession(t.ctx, visitor, { token: holder!.token, groupId: g.id });
    const answers = await Promise.all(
      [x!, holder!, y!].map((who) => answer(claimCouponBySession(t.ctx, visitor, { token: who.token, groupId: g.id }))),
    );
    expect(answers).toEqual(["claimed", "COUPON_ALREADY_CLAIMED", "claimed"]);
    expect(await remainOf(t, g.id)).toBe(7);
  });
});
