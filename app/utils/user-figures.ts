import { mainAccountFigures } from "../../platform/rules/account-figures";
import { formatYuan, yuanToFen } from "../../platform/rules/money";
import { vipTier } from "../../platform/rules/vip";
import type { UserInfoWire } from "~/upstream/accounts.server";

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
  // The same function the platform answers /get_user_info's derived figures with (platform/rules/account-figures.ts).
  const f = mainAccountFigures({
    moneyFen: yuanToFen(user.Money),
    powerMoneyFen: yuanToFen(user.PowerMoney),
    creditQuotaFen: yuanToFen(user.CreditMoneyQuota),
    accumulatedTopUpFen: yuanToFen(user.AccumulatedMoney),
  });
  return {
    isSub: false as const,
    displayMoney: formatYuan(f.displayMoneyFen),
    powerMoney: formatYuan(yuanToFen(user.PowerMoney)),
    creditQuota: formatYuan(yuanToFen(user.CreditMoneyQuota)),
    remainCredit: formatYuan(f.remainCreditFen),
    usedCredit: formatYuan(f.usedCreditFen),
    creditPercent: f.creditPercent,
    integratedMoney: formatYuan(f.integratedMoneyFen),
    vipLevel: f.vipLevel,
    vipName: vipTier(f.vipLevel).name,
    vipDiscount: f.vipDiscount,
    experiencePercent: f.experiencePercent,
    yuanToNextLevel: f.yuanToNextLevel,
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

/**
 * What the top bar and its account menu show, computed in the shell's loader: the bar then ships no
 * money or membership rules to the browser (they stay out of the root chunk every page loads).
 */
export function accountBar(user: UserFiguresInput) {
  const figures = userFigures(user);
  return { figures, lines: balanceLines(figures), maskedPhone: maskPhone(user.Phone) };
}

export type AccountBar = ReturnType<typeof accountBar>;
