import { NEXT_LEVEL_THRESHOLDS_YUAN, VIP_TIERS } from "../../rules/vip";

export interface VipInfo {
  VipLevel: number;
  Name: string;
  VipDiscount: number;
  /** Cumulative top-up (yuan) to reach this tier. */
  Threshold: number;
  /** Cumulative top-up (yuan) that ends this tier: the next tier's threshold (spec §9 list). */
  NextThreshold: number;
}

/** The membership table of spec §2 and §9; it is the same for every caller. */
export function listVipInfos(): VipInfo[] {
  return VIP_TIERS.map((t) => ({
    VipLevel: t.level,
    Name: t.name,
    VipDiscount: t.discount,
    Threshold: t.thresholdFen / 100,
    NextThreshold: NEXT_LEVEL_THRESHOLDS_YUAN[t.level],
  }));
}
