import { subAccountCanUseFen } from "../../rules/balances";
import { vipLevelFor, vipScore } from "../../rules/vip";
import type { Ctx, Visitor } from "../context";
import { resolveSessionWithAccount } from "./sessions";

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
  /** Present when asked for (spec §2's per-navigation unread state). */
  unread: { notifications: number; messages: number } | null;
  createdAt: Date;
}

/**
 * The account behind a token as one plain snapshot (main account figures, the
 * sub-account when there is one, and on request the unread counts spec §2
 * loads with user info on every navigation), from one query. It takes the
 * token rather than a resolved Caller because it is the session lookup itself:
 * resolving first would read the same rows twice on every page view.
 */
export async function getUserSnapshot(
  ctx: Ctx,
  visitor: Visitor,
  input: { token: string | undefined; withUnread?: boolean },
): Promise<UserSnapshot> {
  const withUnread = input.withUnread ?? false;
  const {
    user,
    subAccount: sub,
    unread,
  } = await resolveSessionWithAccount(ctx, visitor, {
    token: input.token,
    withUnread,
  });
  const subAccount: UserSnapshot["subAccount"] = sub && {
    id: sub.id,
    name: sub.name,
    moneyLimitFen: sub.moneyLimitFen,
    moneyUsedFen: sub.moneyUsedFen,
    moneyCanUseFen: subAccountCanUseFen(sub.moneyLimitFen, sub.moneyUsedFen, user),
  };
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
    unread: withUnread ? unread : null,
    createdAt: user.createdAt,
  };
}
