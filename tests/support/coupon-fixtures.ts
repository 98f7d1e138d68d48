import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { sessions, subAccounts, users } from "../../platform/db/schema";
import { couponGroups, userCoupons } from "../../platform/db/wallet-schema";
import { hashToken, SESSION_ABSOLUTE_MS } from "../../platform/modules/accounts/sessions";
import { createCouponGroup, type CouponGroupInput } from "../../platform/modules/coupons/create-group";
import { DAY, uniquePhone, type TestPlatform } from "./platform";

/** A group open since yesterday for 30 days, for everyone, unless `overrides` say otherwise. */
export function openCouponGroup(t: TestPlatform, overrides: Partial<CouponGroupInput> = {}) {
  const now = t.clock.now().getTime();
  return createCouponGroup(t.ctx, {
    name: "测试券",
    type: 0,
    amountFen: 10_00,
    beginAt: new Date(now - DAY),
    endAt: new Date(now + 30 * DAY),
    totalNum: 100,
    ...overrides,
  });
}

export interface SessionShape {
  /** The session is a new sub-account's of the new account. */
  subAccount?: boolean;
  lastSeenAgoMs?: number;
  expiresInMs?: number;
  verifiedAs?: "personal" | "student" | "enterprise" | null;
}

/** A new account and a session of it, straight in the tables (no SMS), shaped as the test asks. */
export async function accountWithSession(t: TestPlatform, shape: SessionShape = {}) {
  const now = t.clock.now().getTime();
  const [user] = await t.db
    .insert(users)
    .values({ phone: uniquePhone(), passwordHash: "-", nickname: "coupon", verifiedAs: shape.verifiedAs ?? null })
    .returning({ id: users.id });
  const [sub] = shape.subAccount
    ? await t.db
        .insert(subAccounts)
        .values({ mainUserId: user!.id, name: `sub${user!.id}`, passwordHash: "-" })
        .returning({ id: subAccounts.id })
    : [];
  const token = randomBytes(32).toString("base64url");
  const seen = new Date(now - (shape.lastSeenAgoMs ?? 0));
  const [row] = await t.db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: user!.id,
      subAccountId: sub?.id ?? null,
      createdAt: seen,
      lastSeenAt: seen,
      expiresAt: new Date(now + (shape.expiresInMs ?? SESSION_ABSOLUTE_MS)),
    })
    .returning({ id: sessions.id });
  return { token, userId: user!.id, sessionId: row!.id };
}

/** A group's RemainNum as stored. */
export async function remainOf(t: TestPlatform, groupId: number): Promise<number> {
  const [row] = await t.db
    .select({ remain: couponGroups.remainNum })
    .from(couponGroups)
    .where(eq(couponGroups.id, groupId));
  return row!.remain;
}

/** How many coupons of a group each user holds. */
export async function holdingsOf(t: TestPlatform, groupId: number): Promise<Map<number, number>> {
  const rows = await t.db
    .select({ userId: userCoupons.userId, n: count() })
    .from(userCoupons)
    .where(eq(userCoupons.groupId, groupId))
    .groupBy(userCoupons.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.n)]));
}
