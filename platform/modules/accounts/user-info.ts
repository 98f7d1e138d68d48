import { eq } from "drizzle-orm";
import { subAccounts, users } from "../../db/schema";
import { subAccountCanUseFen } from "../../rules/balances";
import { vipLevelFor, vipScore } from "../../rules/vip";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";

export interface UserSnapshot {
  userId: number;
  phone: string;
  nickname: string;
  kind: "personal" | "enterprise";
  companyName: string | null;
  noticeEmail: string | null;
  moneyFen: number;
  powerMoneyFen: number;
  creditQuotaFen: number;
  accumulatedTopUpFen: number;
  vipLevel: number;
  vipScore: number;
  subAccount: null | { id: number; name: string; moneyLimitFen: number; moneyUsedFen: number; moneyCanUseFen: number };
  createdAt: Date;
}

/** The caller's account as one plain snapshot (main account figures, plus the sub-account when there is one). */
export async function getUserSnapshot(ctx: Ctx, caller: Caller): Promise<UserSnapshot> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) return fail("SESSION_INVALID");
  let subAccount: UserSnapshot["subAccount"] = null;
  if (caller.subAccountId !== null) {
    const [sub] = await ctx.db.select().from(subAccounts).where(eq(subAccounts.id, caller.subAccountId)).limit(1);
    if (!sub || sub.mainUserId !== user.id) return fail("SESSION_INVALID");
    subAccount = {
      id: sub.id,
      name: sub.name,
      moneyLimitFen: sub.moneyLimitFen,
      moneyUsedFen: sub.moneyUsedFen,
      moneyCanUseFen: subAccountCanUseFen(sub.moneyLimitFen, sub.moneyUsedFen, user),
    };
  }
  return {
    userId: user.id,
    phone: user.phone,
    nickname: user.nickname,
    kind: user.kind,
    companyName: user.companyName,
    noticeEmail: user.noticeEmail,
    moneyFen: user.moneyFen,
    powerMoneyFen: user.powerMoneyFen,
    creditQuotaFen: user.creditQuotaFen,
    accumulatedTopUpFen: user.accumulatedTopUpFen,
    vipLevel: vipLevelFor(user.accumulatedTopUpFen),
    vipScore: vipScore(user.accumulatedTopUpFen),
    subAccount,
    createdAt: user.createdAt,
  };
}
