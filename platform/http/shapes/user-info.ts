import type { UserInfoWire } from "../../contract/accounts";
import type { UserSnapshot } from "../../modules/accounts/user-info";
import { fenToYuan } from "../../rules/money";

/** The wire shape of spec §3 "User info"; amounts are yuan strings with two decimals. */
export function toUserInfo(u: UserSnapshot): UserInfoWire {
  return {
    Name: u.nickname,
    Phone: u.phone,
    AccountType: u.kind,
    CompanyName: u.companyName,
    NoticeEmail: u.noticeEmail,
    SubAccount: u.subAccount && {
      Name: u.subAccount.name,
      MoneyLimit: fenToYuan(u.subAccount.moneyLimitFen),
      MoneyUsed: fenToYuan(u.subAccount.moneyUsedFen),
      MoneyCanUse: fenToYuan(u.subAccount.moneyCanUseFen),
    },
    VipLevel: u.vipLevel,
    AccumulatedMoney: fenToYuan(u.accumulatedTopUpFen),
    Money: fenToYuan(u.moneyFen),
    PowerMoney: fenToYuan(u.powerMoneyFen),
    CreditMoneyQuota: fenToYuan(u.creditQuotaFen),
    userVipInfo: { vip_score: u.vipScore },
    ...(u.unread && { Unread: { Notifications: u.unread.notifications, Messages: u.unread.messages } }),
    CreatedAt: u.createdAt.toISOString(),
  };
}
