import type {
  ConfirmedNoticeEmailWire,
  NoticeEmailWire,
  SendVerifyCodeWire,
  TokenWire,
  UnregisterBlockerWire,
  UnregisterCheckWire,
  VipInfosWire,
  VipInfoWire,
} from "../../contract/accounts";
import type { UnregisterBlocker } from "../../modules/accounts/unregister";
import type { IssuedSession } from "../../modules/accounts/sessions";
import type { SentCode } from "../../modules/accounts/verify-codes";
import type { VipTierInfo } from "../../modules/membership/vip-info";
import { formatMoney } from "../../rules/money";

export const toToken = (session: IssuedSession): TokenWire => ({ token: session.token });

export const toSentCode = (sent: SentCode): SendVerifyCodeWire => ({
  sent: true,
  resend_after_seconds: Math.ceil(sent.resendAfterMs / 1000),
});

export const toVipInfo = (tier: VipTierInfo): VipInfoWire => ({
  VipLevel: tier.level,
  Name: tier.name,
  VipDiscount: tier.discount,
  Threshold: tier.thresholdFen / 100,
  NextThreshold: tier.nextThresholdFen / 100,
});

export const toVipInfos = (tiers: VipTierInfo[]): VipInfosWire => ({ vipInfos: tiers.map(toVipInfo) });

/** The sentence a blocker shows, with its amount in yuan. */
export function toUnregisterBlocker(blocker: UnregisterBlocker): UnregisterBlockerWire {
  const money = formatMoney(blocker.amountFen);
  switch (blocker.key) {
    case "balance":
      return { key: blocker.key, message: `账户余额为 ${money}，请先提现或消费后再注销` };
    case "arrears":
      return { key: blocker.key, message: `账户欠费 ${money}，请先充值结清欠费` };
    case "power_money":
      return { key: blocker.key, message: `算力券余额为 ${money}，注销后将作废，请先使用` };
  }
}

export const toUnregisterCheck = (check: {
  canUnregister: boolean;
  blockers: UnregisterBlocker[];
}): UnregisterCheckWire => ({
  can_unregister: check.canUnregister,
  blockers: check.blockers.map(toUnregisterBlocker),
});

export const toNoticeEmail = (profile: {
  noticeEmail: string;
  confirmation: NoticeEmailWire["confirmation"];
}): NoticeEmailWire => ({ email: profile.noticeEmail, confirmation: profile.confirmation });

export const toConfirmedNoticeEmail = (confirmed: {
  noticeEmail: string;
  already: boolean;
}): ConfirmedNoticeEmailWire => ({ email: confirmed.noticeEmail, already: confirmed.already });
