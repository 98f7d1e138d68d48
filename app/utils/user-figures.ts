import {
  creditPercent,
  displayMoneyFen,
  integratedMoneyFen,
  remainCreditFen,
  type Wallets,
} from "../../platform/rules/balances";
import { formatYuan, yuanToFen } from "../../platform/rules/money";
import { experiencePercent, vipTier, yuanToNextLevel } from "../../platform/rules/vip";

/** The subset of user info the figures need (the wire shape of /get_user_info). */
export interface UserFiguresInput {
  Money: string;
  PowerMoney: string;
  CreditMoneyQuota: string;
  VipLevel: number;
  userVipInfo: { vip_score: number };
  SubAccount: null | { Name: string; MoneyLimit: string; MoneyCanUse: string; MoneyUsed: string };
}

/** Everything the bar, the account menu and the console show about money and membership, derived once. */
export function userFigures(user: UserFiguresInput) {
  const wallets: Wallets = {
    moneyFen: yuanToFen(user.Money),
    powerMoneyFen: yuanToFen(user.PowerMoney),
    creditQuotaFen: yuanToFen(user.CreditMoneyQuota),
  };
  const tier = vipTier(user.VipLevel);
  return {
    isSub: user.SubAccount !== null,
    displayMoney: formatYuan(displayMoneyFen(wallets)),
    powerMoney: formatYuan(wallets.powerMoneyFen),
    creditQuota: formatYuan(wallets.creditQuotaFen),
    remainCredit: formatYuan(remainCreditFen(wallets)),
    creditPercent: creditPercent(wallets),
    integratedMoney: formatYuan(integratedMoneyFen(wallets)),
    subLimit: user.SubAccount ? formatYuan(yuanToFen(user.SubAccount.MoneyLimit)) : null,
    subCanUse: user.SubAccount ? formatYuan(yuanToFen(user.SubAccount.MoneyCanUse)) : null,
    subUsed: user.SubAccount ? formatYuan(yuanToFen(user.SubAccount.MoneyUsed)) : null,
    vipName: tier.name,
    vipDiscount: tier.discount,
    experiencePercent: experiencePercent(user.userVipInfo.vip_score, tier.level),
    yuanToNextLevel: yuanToNextLevel(user.userVipInfo.vip_score, tier.level),
  };
}

export type UserFigures = ReturnType<typeof userFigures>;

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
