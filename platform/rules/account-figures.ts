/**
 * A main account's derived figures (issue 10 §1, spec §3, §4, §9): the
 * balances the bar and the console show and the membership figures, from its
 * three wallets and its cumulative top-up. The one place they are computed:
 * /get_user_info answers them, and the pages compute them with this same
 * function. Integer fen in, integer fen out.
 */
import { creditPercent, displayMoneyFen, integratedMoneyFen, remainCreditFen, type Wallets } from "./balances";
import { experiencePercent, NEXT_LEVEL_THRESHOLDS_YUAN, vipLevelFor, vipScore, vipTier, yuanToNextLevel } from "./vip";
import type { VipLevel } from "./vip";

export interface MainAccountBalances extends Wallets {
  /** Cumulative top-up (AccumulatedMoney): decides the membership level. */
  accumulatedTopUpFen: number;
}

export interface MainAccountFigures {
  /** If credit quota > 0: Money when not negative, else 0; otherwise Money. */
  displayMoneyFen: number;
  /** Money + PowerMoney + CreditMoneyQuota. */
  integratedMoneyFen: number;
  /** The quota while Money > 0, else quota + Money. */
  remainCreditFen: number;
  /** Credit in use: quota − remaining. */
  usedCreditFen: number;
  /** Remaining credit as a whole percent of the quota (0 without a quota). */
  creditPercent: number;
  vipLevel: VipLevel;
  /** Whole yuan of cumulative top-up. */
  vipScore: number;
  /** Price multiplier of the level: 1.00, 0.98, 0.97, 0.95, 0.94. */
  vipDiscount: number;
  /** The next-level threshold of the current level, in yuan: 100, 1500, 10000, 20000, 20000. */
  nextLevelThresholdYuan: number;
  /** vip_score * 100 / threshold of the current level, whole percent, at most 100. */
  experiencePercent: number;
  /** Yuan of top-up still needed for the next level; 0 at the top. */
  yuanToNextLevel: number;
}

export function mainAccountFigures(b: MainAccountBalances): MainAccountFigures {
  const level = vipLevelFor(b.accumulatedTopUpFen);
  const score = vipScore(b.accumulatedTopUpFen);
  const remain = remainCreditFen(b);
  return {
    displayMoneyFen: displayMoneyFen(b),
    integratedMoneyFen: integratedMoneyFen(b),
    remainCreditFen: remain,
    usedCreditFen: b.creditQuotaFen - remain,
    creditPercent: creditPercent(b),
    vipLevel: level,
    vipScore: score,
    vipDiscount: vipTier(level).discount,
    nextLevelThresholdYuan: NEXT_LEVEL_THRESHOLDS_YUAN[level],
    experiencePercent: experiencePercent(score, level),
    yuanToNextLevel: yuanToNextLevel(score, level),
  };
}
