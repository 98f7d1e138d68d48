/**
 * The claim that carries its own session check (claimCouponBySession): the
 * session's SQL twin in the claim statement must never be looser than the
 * session check of accounts/sessions.ts. For every kind of dead or foreign
 * session, the answer is the one resolveSession gives, and nothing is taken
 * from the group. Runs on PGlite and on PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { accountWithSession, openCouponGroup, type SessionShape } from "../../../tests/support/coupon-fixtures";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { SESSION_IDLE_MS } from "../accounts/sessions";
import { claimCouponBySession } from "./claim";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const visitor = { origin: { ip: null } };

const session = (shape: SessionShape = {}) => accountWithSession(t, shape);
const openGroup = () => openCouponGroup(t, { name: "会话券", amountFen: 5_00, totalNum: 10 });

const refusal = (promise: Promise<unknown>) => outcomeOf(promise, "claimed");

async function untouched(groupId: number) {
  const [group] = await t.db
    .select({ remain: couponGroups.remainNum })
    .from(couponGroups)
    .where(eq(couponGroups.id, groupId));
  const held = await t.db.select().from(userCoupons).where(eq(userCoupons.groupId, groupId));
  return group!.remain === 10 && held.length === 0;
}

describe("claimCouponBySession", () => {
  it("claims for a live main account's session, and records the session's use when it is due", async () => {
    const g = await openGroup();
    const s = await session({ lastSeenAgoMs: 10 * 60_000 });
    const coupon = await claimCouponBySession(t.ctx, visitor, { token: s.token, groupId: g.id });
    expect(coupon.group.id).toBe(g.id);
    const [held] = await t.db.select().from(userCoupons).where(eq(userCoupons.groupId, g.id));
    expect(held!.userId).toBe(s.userId);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, s.sessionId));
    expect(row!.lastSeenAt.getTime()).toBe(t.clock.now().getTime());
    expect(await refusal(claimCouponBySession(t.ctx, visitor, { token: s.token, groupId: g.id }))).toBe(
      "COUPON_ALREADY_CLAIMED",
    );
  });

  it("answers each dead or foreign session as the session check does, and takes nothing", async () => {
    const g = await openGroup();
    const revoked = await session();
    await t.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.id, revoked.sessionId));
    const closed = await session();
    await t.db.update(users).set({ closedAt: t.clock.now() }).where(eq(users.id, closed.userId));
    const idle = await session({ lastSeenAgoMs: SESSION_IDLE_MS });
    const expired = await session({ expiresInMs: 0 });
    const sub = await session({ subAccount: true });
    const cases: [string | undefined, string][] = [
      [undefined, "SESSION_INVALID"],
      ["not-a-token", "SESSION_INVALID"],
      [randomBytes(32).toString("base64url"), "SESSION_INVALID"],
      [revoked.token, "SESSION_INVALID"],
      [closed.token, "SESSION_INVALID"],
      [idle.token, "SESSION_EXPIRED"],
      [expired.token, "SESSION_EXPIRED"],
      [sub.token, "PERMISSION_DENIED"],
    ];
    for (const [token, key] of cases)
      expect([token, await refusal(claimCouponBySession(t.ctx, visitor, { token, groupId: g.id }))]).toEqual([
        token,
        key,
      ]);
    expect(await untouched(g.id)).toBe(true);
  });

  it("a session one millisecond inside its idle limit still claims", async () => {
    const g = await openGroup();
    const s = await session({ lastSeenAgoMs: SESSION_IDLE_MS - 1 });
    expect(await refusal(claimCouponBySession(t.ctx, visitor, { token: s.token, groupId: g.id }))).toBe("claimed");
  });
});
