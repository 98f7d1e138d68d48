import { mainAccountFigures } from "../../platform/rules/account-figures";
import { formatMoney, yuanToFen } from "../../platform/rules/money";
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
      subLimit: formatMoney(yuanToFen(user.SubAccount.MoneyLimit)),
      subCanUse: formatMoney(yuanToFen(user.SubAccount.MoneyCanUse)),
      subUsed: formatMoney(yuanToFen(user.SubAccount.MoneyUsed)),
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
    displayMoney: formatMoney(f.displayMoneyFen),
    /** A negative balance shown: arrears (no credit line to carry it). */
    inArrears: f.displayMoneyFen < 0,
    powerMoney: formatMoney(yuanToFen(user.PowerMoney)),
    creditQuota: formatMoney(yuanToFen(user.CreditMoneyQuota)),
    hasCredit: yuanToFen(user.CreditMoneyQuota) > 0,
    remainCredit: formatMoney(f.remainCreditFen),
    usedCredit: formatMoney(f.usedCreditFen),
    creditInUse: f.usedCreditFen > 0,
    creditPercent: f.creditPercent,
    integratedMoney: formatMoney(f.integratedMoneyFen),
    vipLevel: f.vipLevel,
    vipName: vipTier(f.vipLevel).name,
    vipDiscount: f.vipDiscount,
    experiencePercent: f.experiencePercent,
    yuanToNextLevel: f.yuanToNextLevel,
    /** The top-up still needed for the next level, as money ("¥1,400.00"). */
    moneyToNextLevel: formatMoney(f.yuanToNextLevel * 100),
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
  /** Money as formatMoney writes it, e.g. "¥1,234.50" or "¥0.00 / ¥500.00". */
  value: string;
  /**
   * A debt: arrears or credit in use. Only debts (and prices) are shown in the
   * price red (spec colours); a balance, even a full credit line, is plain text.
   */
  debt: boolean;
}

/** The money figures an account sees (spec §6): main accounts their wallets, sub-accounts their quota. */
export function balanceLines(f: UserFigures): BalanceLine[] {
  if (f.isSub) {
    return [
      { label: "额度上限", value: f.subLimit, debt: false },
      { label: "已用额度", value: f.subUsed, debt: false },
      { label: "可用额度", value: f.subCanUse, debt: false },
    ];
  }
  return [
    { label: "账户余额", value: f.displayMoney, debt: f.inArrears },
    { label: "算力券", value: f.powerMoney, debt: false },
    { label: "授信额度（剩余 / 总额）", value: `${f.remainCredit} / ${f.creditQuota}`, debt: f.creditInUse },
    { label: "综合可用", value: f.integratedMoney, debt: false },
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
