/** Membership tiers, spec §2, §3 and §9. Levels 0-4, by cumulative top-up. */

export type VipLevel = 0 | 1 | 2 | 3 | 4;

export interface VipTier {
  level: VipLevel;
  name: string;
  /** Price multiplier, e.g. 0.98. */
  discount: number;
  /** Cumulative top-up (fen) needed to reach this tier. */
  thresholdFen: number;
}

export const VIP_TIERS: readonly VipTier[] = [
  { level: 0, name: "普通会员", discount: 1.0, thresholdFen: 0 },
  { level: 1, name: "铜牌会员", discount: 0.98, thresholdFen: 100_00 },
  { level: 2, name: "银牌会员", discount: 0.97, thresholdFen: 1_500_00 },
  { level: 3, name: "金牌会员", discount: 0.95, thresholdFen: 10_000_00 },
  { level: 4, name: "钻石会员", discount: 0.94, thresholdFen: 20_000_00 },
];

/** Spec §9: the next-level threshold for each current level, in yuan. */
export const NEXT_LEVEL_THRESHOLDS_YUAN = [100, 1500, 10000, 20000, 20000] as const;

export function vipLevelFor(accumulatedTopUpFen: number): VipLevel {
  let level: VipLevel = 0;
  for (const tier of VIP_TIERS) if (accumulatedTopUpFen >= tier.thresholdFen) level = tier.level;
  return level;
}

export function vipTier(level: number): VipTier {
  return VIP_TIERS[Math.max(0, Math.min(4, Math.trunc(level)))];
}

/**
 * The membership score is the cumulative top-up in whole yuan. Spec §4:
 * experience percent = vip_score * 100 / threshold of the current level,
 * capped at 100 (diamond members stay at 100).
 */
export function vipScore(accumulatedTopUpFen: number): number {
  return Math.floor(accumulatedTopUpFen / 100);
}

export function experiencePercent(vipScoreYuan: number, level: number): number {
  const threshold = NEXT_LEVEL_THRESHOLDS_YUAN[vipTier(level).level];
  return Math.min(100, Math.floor((vipScoreYuan * 100) / threshold));
}

/** Yuan still needed to reach the next tier; 0 at the top tier. */
export function yuanToNextLevel(vipScoreYuan: number, level: number): number {
  if (vipTier(level).level === 4) return 0;
  return Math.max(0, NEXT_LEVEL_THRESHOLDS_YUAN[vipTier(level).level] - vipScoreYuan);
}

/** How a price multiplier reads in Chinese: 0.98 → "9.8 折", 1 → "无折扣". */
export function discountText(discount: number): string {
  if (discount >= 1) return "无折扣";
  return `${Math.round(discount * 100) / 10} 折`;
}
