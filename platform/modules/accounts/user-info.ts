import { subAccountCanUseFen } from "../../rules/balances";
import { vipLevelFor, vipScore } from "../../rules/vip";
import type { Ctx, Visitor } from "../context";
import { resolveSessionWithAccount } from "./sessions";

/**
 * Unread notifications and messages of the caller itself (a sub-account's own, never its main account's),
 * and whether a work order the caller sees has a staff reply not yet opened.
 */
export type UnreadCounts = { notifications: number; messages: number; workOrderReplies: boolean };

/** A main account's own view: its figures, membership and notice email. */
export interface MainUserSnapshot {
  account: "main";
  userId: number;
  phone: string;
  nickname: string;
  kind: "personal" | "enterprise";
  companyName: string | null;
  noticeEmail: string | null;
  /** Whether the notice email was confirmed by its link (decision 059, addendum). */
  noticeEmailConfirmed: boolean;
  moneyFen: number;
  powerMoneyFen: number;
  creditQuotaFen: number;
  accumulatedTopUpFen: number;
  vipLevel: number;
  vipScore: number;
  /** What real-name verification proved (users.verified_as; null while unverified). */
  verifiedAs: "personal" | "student" | "enterprise" | null;
  /** Present when asked for (spec §2's per-navigation unread state). */
  unread: UnreadCounts | null;
  createdAt: Date;
}

/**
 * A sub-account's view (docs/decisions/028): its own name, limit, what it has
 * used and what it can still use, and its main account's phone masked. Nothing
 * else of the main account: no balances, vouchers, credit, membership, company
 * or notice email.
 */
export interface SubUserSnapshot {
  account: "sub";
  userId: number;
  subAccountId: number;
  name: string;
  /** 138****0000 */
  mainPhoneMasked: string;
  moneyLimitFen: number;
  moneyUsedFen: number;
  /** Bounded by the limit left and by what the main account can spend (balance and credit). */
  moneyCanUseFen: number;
  unread: UnreadCounts | null;
  createdAt: Date;
}

export type UserSnapshot = MainUserSnapshot | SubUserSnapshot;

/** 13800001234 → 138****1234 */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : "****";
}

/**
 * The caller behind a token as one plain snapshot (a main account's figures,
 * or a sub-account's own view, and on request the caller's unread counts spec
 * §2 loads with user info on every navigation), from one query. It takes the
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
  if (sub) {
    return {
      account: "sub",
      userId: user.id,
      subAccountId: sub.id,
      name: sub.name,
      mainPhoneMasked: maskPhone(user.phone),
      moneyLimitFen: sub.moneyLimitFen,
      moneyUsedFen: sub.moneyUsedFen,
      moneyCanUseFen: subAccountCanUseFen(sub.moneyLimitFen, sub.moneyUsedFen, user),
      unread: withUnread ? unread : null,
      createdAt: sub.createdAt,
    };
  }
  return {
    account: "main",
    userId: user.id,
    phone: user.phone,
    nickname: user.nickname,
    kind: user.kind,
    companyName: user.companyName,
    noticeEmail: user.noticeEmail,
    noticeEmailConfirmed: user.noticeEmailConfirmedAt !== null,
    moneyFen: user.moneyFen,
    powerMoneyFen: user.powerMoneyFen,
    creditQuotaFen: user.creditQuotaFen,
    accumulatedTopUpFen: user.accumulatedTopUpFen,
    vipLevel: vipLevelFor(user.accumulatedTopUpFen),
    vipScore: vipScore(user.accumulatedTopUpFen),
    verifiedAs: user.verifiedAs,
    unread: withUnread ? unread : null,
    createdAt: user.createdAt,
  };
}
