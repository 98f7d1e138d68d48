import type { MainUserInfoWire, SubUserInfoWire, UserInfoWire } from "../../contract/accounts";
import type { MainUserSnapshot, SubUserSnapshot, UserSnapshot } from "../../modules/accounts/user-info";
import { mainAccountFigures } from "../../rules/account-figures";
import { fenToYuan } from "../../rules/money";

const unreadOf = (u: UserSnapshot) =>
  u.unread
    ? {
        Unread: {
          Notifications: u.unread.notifications,
          Messages: u.unread.messages,
          WorkOrderReplies: u.unread.workOrderReplies,
        },
      }
    : {};

/** The wire shape of spec §3 "User info"; amounts are yuan strings with two decimals. */
export function toUserInfo(u: UserSnapshot): UserInfoWire {
  return u.account === "sub" ? toSubUserInfo(u) : toMainUserInfo(u);
}

function toMainUserInfo(u: MainUserSnapshot): MainUserInfoWire {
  const f = mainAccountFigures(u);
  return {
    Name: u.nickname,
    Phone: u.phone,
    AccountType: u.kind,
    CompanyName: u.companyName,
    NoticeEmail: u.noticeEmail,
    NoticeEmailConfirmed: u.noticeEmailConfirmed,
    SubAccount: null,
    VipLevel: f.vipLevel,
    AccumulatedMoney: fenToYuan(u.accumulatedTopUpFen),
    Money: fenToYuan(u.moneyFen),
    PowerMoney: fenToYuan(u.powerMoneyFen),
    CreditMoneyQuota: fenToYuan(u.creditQuotaFen),
    displayMoney: fenToYuan(f.displayMoneyFen),
    integratedMoney: fenToYuan(f.integratedMoneyFen),
    remainCreditMoney: fenToYuan(f.remainCreditFen),
    creditPercent: f.creditPercent,
    userVipInfo: {
      vip_score: f.vipScore,
      vip_discount: f.vipDiscount,
      next_level_threshold: f.nextLevelThresholdYuan,
      experience_percent: f.experiencePercent,
    },
    VerifiedAs: u.verifiedAs,
    ...unreadOf(u),
    CreatedAt: u.createdAt.toISOString(),
    UserId: u.userId,
  };
}

/** A sub-account's user info: the main account's figures are withheld as null (docs/decisions/028). */
function toSubUserInfo(u: SubUserSnapshot): SubUserInfoWire {
  return {
    Name: u.name,
    Phone: u.mainPhoneMasked,
    AccountType: null,
    CompanyName: null,
    NoticeEmail: null,
    NoticeEmailConfirmed: null,
    SubAccount: {
      Name: u.name,
      MoneyLimit: fenToYuan(u.moneyLimitFen),
      MoneyUsed: fenToYuan(u.moneyUsedFen),
      MoneyCanUse: fenToYuan(u.moneyCanUseFen),
    },
    VipLevel: null,
    AccumulatedMoney: null,
    Money: null,
    PowerMoney: null,
    CreditMoneyQuota: null,
    displayMoney: null,
    integratedMoney: null,
    remainCreditMoney: null,
    creditPercent: null,
    userVipInfo: null,
    VerifiedAs: null,
    ...unreadOf(u),
    CreatedAt: u.createdAt.toISOString(),
    UserId: u.userId,
  };
}
