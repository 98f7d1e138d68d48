import {
  creditPercent,
  displayMoneyFen,
  integratedMoneyFen,
  remainCreditFen,
  type Wallets,
} from "../../platform/rules/balances";
import { formatYuan, yuanToFen } from "../../platform/rules/money";
import { experiencePercent, vipTier, yuanToNextLevel } from "../../platform/rules/vip";
import type { UserInfoWire } from "../../platform/contract/accounts";

/** User info as /get_user_info answers it: a main account's figures, or a sub-account's own view (decision 028). */
export type UserFiguresInput = UserInfoWire;

/**
 * Everything the bar, the account menu and the console show about money and
 * membership, derived once. A sub-account has only its quota: the platform
 * does not send it its main account's figures.
 */
export function userFigures(user: UserFiguresInput) {
  if (user.SubAccount !== null) {
    return {
      isSub: true as const,
      subLimit: formatYuan(yuanToFen(user.SubAccount.MoneyLimit)),
      subCanUse: formatYuan(yuanToFen(user.SubAccount.MoneyCanUse)),
      subUsed: formatYuan(yuanToFen(user.SubAccount.MoneyUsed)),
    };
  }
  const wallets: Wallets = {
    moneyFen: yuanToFen(user.Money),
    powerMoneyFen: yuanToFen(user.PowerMoney),
    creditQuotaFen: yuanToFen(user.CreditMoneyQuota),
  };
  const tier = vipTier(user.VipLevel);
  return {
    isSub: false as const,
    displayMoney: formatYuan(displayMoneyFen(wallets)),
    powerMoney: formatYuan(wallets.powerMoneyFen),
    creditQuota: formatYuan(wallets.creditQuotaFen),
    remainCredit: formatYuan(remainCreditFen(wallets)),
    creditPercent: creditPercent(wallets),
    integratedMoney: formatYuan(integratedMoneyFen(wallets)),
    vipLevel: user.VipLevel,
    vipName: tier.name,
    vipDiscount: tier.discount,
    experiencePercent: experiencePercent(user.userVipInfo.vip_score, tier.level),
    yuanToNextLevel: yuanToNextLevel(user.userVipInfo.vip_score, tier.level),
  };
}

export type UserFigures = ReturnType<typeof userFigures>;
/** A main account's figures (balances and membership). */
export type MainFigures = Extract<UserFigures, { isSub: false }>;

/** 13800001234 → 138****1234 */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

export interface BalanceLine {
  label: string;
  /** Formatted yuan, e.g. "1,234.50" or "0.00 / 500.00". */
  value: string;
}

/** The money figures an account sees (spec §6): main accounts their wallets, sub-accounts their quota. */
export function balanceLines(f: UserFigures): BalanceLine[] {
  if (f.isSub) {
    return [
      { label: "额度上限", value: `¥${f.subLimit}` },
      { label: "已用额度", value: `¥${f.subUsed}` },
      { label: "可用额度", value: `¥${f.subCanUse}` },
    ];
  }
  return [
    { label: "账户余额", value: `¥${f.displayMoney}` },
    { label: "算力券", value: `¥${f.powerMoney}` },
    { label: "授信额度（剩余 / 总额）", value: `¥${f.remainCredit} / ¥${f.creditQuota}` },
    { label: "综合可用", value: `¥${f.integratedMoney}` },
  ];
}
